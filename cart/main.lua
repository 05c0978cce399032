-- picross8: 5x5 to 15x15 picross in two worlds and an endless mode.
-- build.py inlines the #include files in this order after its
-- generated constants (pz_base, pz_count, pz_hash, worlds, pz_names,
-- pz_cols).
--
-- globals: each file's own state, at its top with what it holds; the
-- names say most of it.
--  main     the screens and the current one's functions, its frame
--           count, the redraw flag, whether upper memory is there
--  board    the puzzle played: solution, cells, clues, lines done and
--           clue numbers placed, board and cell sizes, the cell each()
--           is on
--  save     the session's progress and the save layout (best
--           times, boards in progress, options, the design's place)
--  input    button and mouse timing, the stroke being painted, undo
--           (history_kept: the steps before the stroke, for the o+x chord)
--  play     the rom's puzzle table, the puzzle played, its clock, the
--           cursor, the message and question over the board, the hint
--  screens  the world and puzzle chosen, the create page's choice (world: its record, set by
--           go and the world screen; palette: use_palette's world's
--           record), the list's page; draw: the
--           board's corner, the solved picture's colours, the clue font
--           being drawn in (clue_font, set before each use); endless:
--           its maker and world; music: the world playing, the labels
--  share    the code alphabet and reading tables, the code screen
--  editor   the design, the create page's choice, the verdict
-- and _, a value thrown away (line_of's clue where only its masks are wanted)
--lint: _, screen_update, screen_draw, screen_tuneless, screen_frames, redraw, menu_items, cells, row_clues, col_clues, line_done, placed_runs, lines_changed, no_clues, cell_x, cell_y, cell_index, cell_row, board_last
--lint: endless_seed, endless_solved, best, board_clocks, recent_boards, recent_solved, save_at, mouse_x, mouse_y, mouse_buttons, mouse_moved, paint_button, paint_from
--lint: paint_to, new_step, history_kept, mode, editing, puzzle, board_id, play_seconds, cursor_x, cursor_y, message, message_frames, asked_at, question, on_yes, on_no, best_text, hint_maker, dirty, keep_asked, from_x, from_y, menu_at, solution_cols
--lint: clue_font, puzzle_index, top_row, list_at, create_choice, thumbs_queued, world, palette, palette_world, endless_world, endless_maker, solve_hook, board_size, board_corner, cell_px, board_px, picture_colours, options, best_options, music_world, no_upper_memory
#include solver.lua
#include clues.lua
#include board.lua
#include save.lua
#include input.lua
#include draw.lua
#include hint.lua
#include endless.lua
#include music.lua
#include play.lua
#include screens.lua
#include share.lua
#include editor.lua

-- switch to screen s: its update and draw functions, from the
-- screens by name, and screen_tuneless: 1 on the title and solved
-- screens, where no world's tune plays (music.lua); the pause menu: the music and option toggles
-- (play() then sets the play screen's: hint, undo..., and the toggles
-- after them in the on-screen menu; and share code on the list): item
-- 5 cleared, option_menu sets 1-4.
-- from_x,from_y: the cursor (input.lua), so that a d-pad chord in a
-- board's first frames finds it on the board
function go(s)
 screen_frames,redraw,menu_items,from_x,from_y,world,screen_update,screen_draw,screen_tuneless=0,true,{},cursor_x,cursor_y,worlds[world_index],unpack(({
  title={title_update,title_draw,1},
  worlds={worlds_update,worlds_draw},
  puzzles={puzzles_update,puzzles_draw},
  play={play_update,play_draw},
  solved={solved_update,solved_draw,1},
  endless={endless_update,endless_draw},
  code={code_update,code_draw},
 })[s])
 menuitem(5)
 option_menu(0)
 -- the list's: the code of the puzzle under the cursor
 if (s=="puzzles") menu_item(5,"share code",function() load_puzzle(puzzle_index) share() end)
end

-- pause menu item i, and item i of the on-screen menu (menus as
-- data: menu_items[i] holds its label, f and t, for both; the pause
-- menu holds 5, so items past 5 are the on-screen menu's alone). f runs on
-- o or x only (t: a toggle, on left/right too, and its line of help
-- under the on-screen menu; f(t): run from the pause menu, f(): from
-- the on-screen one). pico-8 and fake-08
-- call a callback on left/right too (b 1 or 2); pico-8's filter
-- (0x300 in i) makes fake-08 drop the item; tac08 passes no b
function menu_item(i,s,f,t)
 menu_items[i]={s,f,t}
 if i<6 then
  menuitem(i,s,function(b)
   if (t or (b or 16)>3) return f(t)
   return true
  end)
 end
end

-- the on-screen menu, for a player with no pause button (a mouse,
-- a touch screen, a host without one): the pause menu's items in
-- the question's box, o by item k (menu_at: o runs it; up and down,
-- or the mouse over an item, move it, in _update) and after it
-- "x close": x closes it, as picross s's b goes back (as "x down", x
-- going on to the next item, players took it for the d-pad's down and
-- looked for a way out); o and x together close it too. under the
-- items, item k's help if any (k: always one of menu_items, every
-- caller picks an item there is)
function menu(k)
 local s,m="",menu_items[k]
 for j,v in ipairs(menu_items) do s..=j==k and "\142 "..v[1].."  \151 close\n" or "   "..v[1].."\n" end
 ask(s..(m[3] or ""),m[2])
 menu_at=k
end

-- the solver calls solve_hook after each line. it only runs in
-- coroutines (endless, hints): rest every 15 lines (a line costs at
-- most a few thousand instructions) so that no frame runs long
-- (hook_lines: the lines so far, 0 at start-up below)
function solve_hook()
 hook_lines+=1
 if (hook_lines%15==0) yield()
end

-- run coroutine c on (to its next rest); true once it has finished
function work_on(c)
 coresume(c)
 return costatus(c)=="dead"
end

function _update()
 -- the buttons and the mouse (input.lua's globals)
 frame_count+=1
 mouse_moved,mouse_x,mouse_y,mouse_buttons=mouse_x!=stat(32) or mouse_y!=stat(33),stat(32),stat(33),stat(34)&3
 for b=0,5 do
  local f,d=held_frames[b] or 0,(btn()|mouse_buttons<<4)>>b&1
  -- (let go: when, if it was a tap; play_input's double tap)
  if (f>0 and d<1) released_at[b]=f<7 and frame_count
  held_frames[b]=d*(f+1)
 end
 -- frames on this screen (wrapping before numbers run out)
 screen_frames=(screen_frames+1)%30000
 -- the screen's tune (music.lua): w, the world of the screen (world),
 -- else endless's; none on the title and solved screens
 -- (screen_tuneless) or if options (save.lua) has bit 1 set
 local w=options&1<1 and not screen_tuneless and (world and world_index or endless_world)
 if w!=music_world then
  music_world=w
  music(w and w*16-16 or -1,w and 500 or 0,7)
 end
 -- a question or a share code waits for its answer (o or x)
 if question then
  -- (a menu: up and down move o's item, stopping at the first and
  -- the last; b*2-5: up -1, down 1. the mouse, as it moves, to the
  -- item under it: item k's line is 6 px from y 58)
  if menu_at then
   for b=2,3 do
    if (pressed(b)) menu(mid(1,menu_at+b*2-5,#menu_items))
   end
   local k=(mouse_y-52)\6
   if (mouse_moved and menu_items[k] and k!=menu_at) menu(k)
  end
  -- (o and x together: closed, nothing chosen; btn, which changes
  -- nothing, stands for no answer's function, as ask() sets it. a
  -- question, not a menu, takes no press in its first 15 frames: a
  -- player filling cells a tap at a time deleted a design with the tap
  -- after the stroke that asked. frame_count and the difference wrap:
  -- 32768 frames on, the difference is negative, abs keeps it past 14,
  -- so a question left open 36 minutes is deaf for half a second again,
  -- never for 18 minutes)
  local f=(menu_at or abs(frame_count-asked_at)>14) and (both(4) and btn or pressed(4) and on_yes or pressed(5) and on_no)
  if f then
   redraw,question=true
   -- (an item that keeps the pause menu open for more, undo and redo,
   -- keeps the on-screen menu open too, by the same item: closed, each
   -- undo took opening it again)
   if (f()==true and menu_at) menu(menu_at)
  end
 else
  screen_update()
 end
end

function _draw()
 -- without upper memory nothing is cached: draw it all every frame
 redraw=redraw or no_upper_memory
 screen_draw()
 -- (text 10 on the clue highlight 15 in a border 9: at least 4.5:1
 -- in every world, tests/cart/test_legibility.py)
 if question then
  -- (its box as tall as its lines, 6 px each)
  local b=60+#split(question,"\n")*6
  rectfill(2,54,125,b,15)
  rect(2,54,125,b,9)
  print(question,6,58,10)
 end
end

-- start-up, run once before the first frame as top-level code (every
-- function is defined by then; the cart needs no _init, which
-- every player calls right after this code if there is one)
-- mouse on (devkit mode)
poke(0x5f2d,1)
-- upper memory (0x8000-0xffff) caches the screen; no_upper_memory: it is not
-- there (tac08, fake-08 before 64 KiB: peek 0, pokes dropped).
-- peek(), not @: fake-08's @ reads its Lua's own 32 KiB up there
poke(0x9fff,1)
no_upper_memory,hook_lines=peek(0x9fff)<1,0
load_save()
go"title"
