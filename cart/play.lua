-- play: a puzzle on the board, then its solved picture.
-- mode = what is played: "rom" the rom's puzzle number puzzle, "endless"
-- a made one (endless.lua), "edit" the design in the editor
-- (editor.lua), "design" the design played from there (leaving goes
-- back to it), "code" a share code's puzzle (share.lua); editing =
-- mode is "edit" (set by play(), for the play screen). board_id =
-- its board's id in the save (save.lua): puzzle+1, endless 255, the
-- others 0 (never saved). play_seconds = seconds spent on it (a frame
-- count would pass 32767, the largest number, after 18 minutes; play_seconds
-- stops there, at 9:06:07). history[id] = board id's undo steps,
-- cursor_kept[id] its cursor when last left ({x,y}; for the session: the
-- save has no room for it)
-- the rom's puzzle table (rom.py), read once: puzzle p is puzzle_size[p]
-- cells wide (its pips pips() reads from the table as it draws them,
-- screens.lua), and its rows (1 to its size, as
-- masks: bit x = column x) are puzzle_rows[p], from the rows after
-- the table, a byte each up to 8 cells wide, else two (the tables
-- hold about 80 KB of the 2 MiB of lua memory); puzzle_world[p]: the
-- index of its world (the worlds number their puzzles in order, the
-- last whose first it reaches is its own; none past the last puzzle)
solution,history,cursor_kept,puzzle_rows,puzzle_size,puzzle_world={},{},{},{},{},{}
local q=pz_base+pz_count
for p=0,pz_count-1 do
 local t,n={},peek(pz_base+p)%16*5
 puzzle_rows[p],puzzle_size[p]=t,n
 for w,d in ipairs(worlds) do
  if (p>=d.first) puzzle_world[p]=w
 end
 for r=1,n do
  t[r]=peek2(q)&(1<<n)-1
  q+=n\8+1
 end
end

-- rom puzzle p as the one played (then play() opens it on its board
-- in progress, blank if none); solution is a copy of its rows (the
-- editor and endless write theirs into solution)
function load_puzzle(p)
 mode,puzzle,board_id,board_size,solution="rom",p,p+1,puzzle_size[p],{unpack(puzzle_rows[p])}
end

-- enter the play screen on the puzzle set up in solution, resuming its
-- board (now the most recent, if it is in the save) and its cursor
function play()
 new_board()
 -- (the board in its place: the solved screen slides it to the middle)
 -- the cursor where it was left, else in the middle (a board of id
 -- 0, a design or a code's puzzle, of any size: in the middle); its
 -- undo steps as left, else none yet (none for a board of id 0: no
 -- steps of a design or code played before); editing: mode "edit"
 board_corner,play_seconds,message_frames,history[board_id],editing,cursor_x,cursor_y,message,paint_button,dirty,hint_maker,new_step,question,keep_asked=52,board_clocks[board_id] or 0,0,board_id>0 and history[board_id] or {n=0},mode=="edit",unpack(board_id>0 and cursor_kept[board_id] or {board_size\2,board_size\2})
 go"play"
 -- the pause menu on the play screen (go() clears it elsewhere):
 -- undo first, the most used (the editor's: undo, redo, play it,
 -- share code, leave): item i, its label and its function f
 for i,f in ipairs{undo,function() return undo(1) end,editing and if_solvable(function() mode="design" play() end) or hint,editing and if_solvable(share) or ask_clear,function() hold(leave) end} do
  menu_item(i,split(editing and "undo,redo,play it,share code,leave puzzle" or "undo,redo,hint,clear board,leave puzzle")[i],f)
 end
 option_menu(5)
 hold()
end

-- a question over the board: o runs y, x runs n (not given: btn, which
-- changes nothing, stands for them); the stroke being painted ends
-- (menu_at: no menu's, until menu sets it). asked_at: its frame, so
-- that _update takes no answer in its first half second (a tap meant
-- for the board answered it unread)
function ask(s,y,n)
 asked_at,question,on_yes,on_no,redraw,paint_button,menu_at=frame_count,s,y or btn,n or btn,true
end

-- no marks on the board: its 225 cells all 0 (count sees cells[1..224],
-- 224 zeros where the board is blank, less 1 or 2 where cell 0 is marked)
function blank()
 return count(cells,0)-cells[0]>223
end

-- keep the board in the save, then run f (leaving) if given. a board
-- with marks that would push another out of a full save asks first,
-- once it has changed (not on opening it: a blank or solved board
-- takes no slot, and a board only looked at need not be saved): at
-- its first mark, since the save is written as you play. o keeps it
-- (the board named goes; keep_asked: asked no more this visit, even if undo
-- empties it and it comes back), x leaves without this change (and
-- its undo steps, which the kept board no longer matches)
function hold(f)
 -- (d: the board keeping this one would push out of the save: the
 -- last the save has room for, unless this one is among those (the
 -- session's boards past them are not saved); none for a board of
 -- id 0)
 local d=not keep_asked and not blank() and board_id>0 and count({unpack(recent_boards,1,max_boards)},board_id)<1 and recent_boards[max_boards]
 if d and dirty then
  -- (board d's puzzle named by its world w and number, or endless: no
  -- world's)
  local w=worlds[puzzle_world[d-1]]
  ask("the save keeps "..max_boards.." boards:\nkeeping this one forgets\nthe marks on "..(w and w.name.." no. "..d-w.first or "endless").."\n\n\142 keep   \151 leave unsaved",function()
   keep_asked=true
   hold(f)
  end,function()
   history[board_id]=nil
   leave()
  end)
 else
  if (not d) keep()
  if (f) f()
 end
end

-- back to the puzzle list or the worlds (a design played: to the
-- editor, edit() taking no argument; leaving the editor: to the worlds).
-- a question the pause menu's leave came over closes with the board
-- (carried onto the create page, the editor's o replaced the design)
function leave()
 cursor_kept[board_id],question={cursor_x,cursor_y}
 ;(mode=="design" and edit or go)(mode=="rom" and "puzzles" or "worlds")
end

-- ask to clear every mark (of the design, in the editor), in one
-- undo step; a blank board has nothing to clear: a dull sound and
-- a word, no question
function ask_clear()
 if (blank()) sfx(19) return say"no marks"
 ask("clear the whole board?\n(undo brings it back)\n\n\142 clear   \151 keep",function()
  new_step=true
  each(function()
   if (cells[cell_index]>0) set_cell(cell_index,0)
  end)
  recheck()
 end)
end


function play_update()
 -- a hint being worked out holds the board still
 if hint_maker then
  if (work_on(hint_maker)) hint_maker=nil
  return
 end
 play_input()
 message_frames-=1
 if (message_frames<0) message=nil
 -- the editor's update: the design redone on a change (redesign),
 -- the verdict worked on a few lines a frame; play it or share code
 -- chosen meanwhile (verdict_then) is done once the verdict is in
 if editing then
  if (dirty) redesign()
  if (work_on(verdict_maker) and verdict_then) if_solvable(verdict_then)() verdict_then=nil
  return
 end
 -- the clues dimmed (placed, board.lua): placed_runs worked out for the
 -- lines whose marks changed, all in the frame they changed in (a line
 -- costs at most about 1,500 instructions: all 30 of a 15x15 fit in one
 -- frame)
 for k in pairs(lines_changed) do
  placed_runs[k],redraw=placed(line_of(k)),true
 end
 lines_changed,play_seconds={},min(play_seconds+1/30,32767)
 if solved() then
  music(63)
  shade(solution,board_size,pz_cols[board_id] or "",board_id<1 and 12)
  -- (best_text: the solved screen's words on the time, none but where
  -- won sets them: a rom puzzle solved before)
  music_world,best_text,history[board_id],cursor_kept[board_id]=false,""
  if mode=="endless" then
   endless_solved=min(endless_solved,32766)+1
  elseif mode=="rom" then
   won(puzzle,play_seconds)
  end
  -- the board leaves the save (drop writes it, with the count solved)
  drop()
  go"solved"
 elseif dirty or screen_frames%30==0 then
  -- saved as you play: on each change, and the clock every second
  hold()
 end
end

-- what changes only on input (clues, preview) is drawn when it may
-- have changed and kept in upper memory; other frames copy it back
-- (without upper memory, _draw sets redraw every frame)
function play_draw()
 -- (n: a rom puzzle's number in its world, from 1; no other board's
 -- id gives 1)
 use_palette(palette_world)
 local n=board_id-palette.first
 if redraw then
  draw_clues()
  -- the preview: the little picture of the filled cells, p px a cell
  -- (s: 20 px, 15 on 15x15), in a 1 px frame, centred under the
  -- readouts (drawn with the camera on its corner, 26-s\2,17)
  local p=20\board_size
  local s=p*board_size
  camera(s\2-26,-17)
  rect(-1,-1,s,s,2)
  square(0,0,s,1)
  each(function()
   if (cells[cell_index]==1) square(cell_x*p,cell_y*p,p,4)
  end)
  camera()
  -- the readouts: the cursor's row clue and under it its column's (top
  -- to bottom read left to right) again, top left, in the 3x5 digits of
  -- pico-8's font on the cursor's band. 15x15 rows in 4x4 digits 1 px
  -- apart were misread (2 as 3, six 1s as seven), and in a dense column
  -- line a digit was not told to its column. (over the rows, the row's
  -- "1 1 1 1 1" ran on into the first column's bottom "1"). line k
  -- (line_of's numbering: the row's k<16) on its band at y
  clue_font=digit_bits_readout
  for k in all{cursor_y+1,cursor_x+16} do
   local y=k\16*8
   rectfill(0,y,50,y+6,15)
   draw_line_clue(line_of(k),41,140,y+1,placed_runs[k])
  end
  -- a world's first puzzle shows the controls until the first mark
  -- (on the backdrop: the cursor's column strip stops below them)
 if (n==1 and blank()) rectfill(51,0,127,29,0) print_texts"d-pad: move\n\142 fill  \151 cross\nleft+right: undo\nup+down: clear all|4|10|179"
  memcpy(0x8000,0x6000,0x2000)
  redraw=false
 else
  memcpy(0x6000,0x8000,0x2000)
 end
 draw_board(0)
 -- the clock (the stroke's length is by the cursor: draw_board). a
 -- message ("mistake!", "undo") stands under it, not over it: over
 -- the clock "mistake!" was taken for a time penalty
 print_centred(editing and verdict_text or clock(play_seconds),39,10,26)
 -- the editor's verdict (editor.lua) is over the clock; under it its
 -- second line takes turns, a second each, with the menu's chord and
 -- (a solvable design) its items, "not saved" (a design the save has
 -- no room for) and the editor's controls, each whole on its own (a
 -- phrase split over two turns, "up+down:" then "clear", read as two
 -- broken ones; the d-pad's glyphs read as o and x) and 44 px at
 -- most, 2 px clear of the screen's edge; and a
 -- dot on each cell line logic does not reach, in the other colour:
 -- paper on a fill, fill on paper (4-3*cell: the editor's cells are
 -- 0 or 1; its difficulty is in words: pips under the second line
 -- touched it, read as a "." in ".erase"). (each dot drawn with the
 -- camera on its cell's corner, cell_camera)
 if editing then
  local t=split(verdict_more..",\142+\151 menu"..(verdict_text=="solvable" and ",menu: play,menu: share" or "")..((design_saved or blank()) and "" or ",not saved,save full")..",\142 draw,\151 erase,up+dn clear")
  print_centred(message or t[screen_frames\30%#t+1],45,6,24)
  if verdict_status=="stalled" then
   each(function()
    if ((verdict_filled[cell_row]|verdict_empty[cell_row])>>cell_x&1<1) cell_camera(cell_x,cell_y) circfill(cell_px/2,cell_px/2,cell_px\5,4-cells[cell_index]*3)
   end)
   camera()
  end
 else
  -- other boards: under the clock a message, or the puzzle's number
  -- taking turns (2 s each) with how to reach undo, hint and leave: o
  -- and x together (or the pause button) open the menu. centred as the
  -- editor's line, so that a message of 11 letters stays 2 px clear of
  -- the screen's edge; the others 2 px left of that, so that the menu's
  -- glyphs (8 px, counted 4) stay clear of the first row's and column's
  -- clues ("menu15" was read); its foot 2 px over the first row's clue
  -- (a left-tier row 1 may stand under it)
  print_centred(message or screen_frames%120<60 and "\142+\151 menu" or ({endless="endless",rom="no."..n})[mode] or "",45,13,message and 24 or 22)
 end
end

-- puzzle p's name (if shown: once solved), or its number in its world
function puzzle_name(p,shown)
 local n=pz_names[p+1]
 return shown and n!="" and n or "no. "..p-palette.first+1
end

-- solved: the board slides to the middle and becomes the picture.
-- once it has (screen_frames>30) the prompt shows, steady, and from that same
-- frame every press it names is taken. o goes on (endless: to a new
-- puzzle), x shares (endless: a menu of share code and leave endless)
function solved_update()
 board_corner=max(64-board_px\2,52-screen_frames)
 if (screen_frames<31) return
 if pressed(5) then
  menu_items={{"share code",share},{"leave endless",leave}}
  (mode=="endless" and menu or share)(1)
 end
 if pressed(4) then
  if mode=="endless" then
   start_endless()
  elseif mode=="rom" then
   -- back to the puzzles, on the next one (its board's id,
   -- puzzle+1)
   puzzle_index=min(board_id,world.last)
   go"puzzles"
  else
   leave()
  end
 end
end

function solved_draw()
 backdrop(palette_world,104,1)
 draw_board(screen_frames+1)
 if screen_frames>30 then
  -- the name printed as it is: print_texts' split would make a name
  -- such as "2048" a number. (the time and the prompt as print_texts'
  -- records: a clock and best_text hold no "|" or "/")
  print_centred(mode=="rom" and puzzle_name(puzzle,1) or "solved!",10,10)
  print_texts("time "..clock(play_seconds)..best_text..(mode=="endless" and "|108|6/\142 next  \151 menu|118|10" or "|108|6/\142 continue  \151 share|118|10"))
 end
end
