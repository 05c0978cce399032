-- editor: draw a puzzle on the play screen (mode "edit"; its board id
-- 0 is never saved) with the game's controls: the clues
-- follow the filled cells, and the solver works out the verdict in
-- the coroutine verdict_maker a few lines a frame: line-solvable in verdict_rounds rounds,
-- or stalled, the cells it cannot reach marked on the board.
-- design_rows/design_size: the design (its 15 rows as masks, bit x = column x; its
-- size), design_saved: it is in the save (save.lua); its size is the one
-- chosen on the create page, create_choice*5 (screens.lua; mode "design":
-- the design played, leaving comes back here, the choice unchanged).
-- verdict_status/verdict_rounds the solver's verdict, verdict_filled/
-- verdict_empty the cells it reached, verdict_text/verdict_more the
-- verdict's two lines, verdict_then play it or share code waiting for it
--lint: design_rows, design_size, design_saved, verdict_maker, verdict_status, verdict_rounds, verdict_filled, verdict_empty, verdict_text, verdict_more, verdict_then
-- the editor on the kept design if it is of the size chosen, else
-- blank: opened as play() opens a board of id 0 (blank, never saved,
-- the cursor in the middle; a blank solution first, for its clues),
-- then the design's cells set and redone (redesign)
function edit()
 mode,board_id,board_size,solution="edit",0,create_choice*5,zeros()
 play()
 -- (each cell of the board from a design of its size; play() left
 -- them all 0, as they stay for a design of another size or none)
 if (design_size==board_size) each(function() cells[cell_index]=design_rows[cell_row]>>cell_x&1 end)
 redesign()
end

-- the design (of its size, saved or kept for the session) has a fill:
-- fewer than all its 15 rows 0 (design_rows: 15 masks, from zeros()
-- or a board's solution; nil before any design)
function design_filled()
 return design_rows and count(design_rows,0)<15
end

-- the design changed: its rows, clues (none dimmed: play_update leaves
-- the editor before the dimming), the save, and the verdict again
function redesign()
 for y=1,15 do _,solution[y]=line_of(y) end
 -- (its cells kept)
 new_board(1)
 -- a blank board of another size keeps the design: opening the
 -- 15x15 editor to look loses no 5x5 design. a first stroke there asks
 -- first (the save holds one design; a player's heart was gone,
 -- replaced unasked), once the stroke ends (dirty kept till then:
 -- asked on an o+x chord's first press, the question took its x, and
 -- no menu opened): o takes the stroke back, x replaces it if the
 -- board still has a mark (an undo from the pause menu meanwhile leaves
 -- the design as it was). the safe answer on o, the button that drew
 -- the stroke: players filling cells a tap at a time answered with
 -- their next tap, unread, and lost the design. saved if it has a fill and there is room (at
 -- most 3 boards). (the editor marks 0 or 1 only: its blank() board
 -- has no fill.) asked of any design with a fill, saved or not: one
 -- drawn while the save was full was replaced unasked
 if design_size==board_size or not blank() then
  if (design_size!=board_size and design_filled()) dirty=paint_button or ask("only one design is saved.\ndrawing here deletes your\n"..create_labels[design_size\5].." one: \142 keeps it\nand undoes this stroke.\n\n\142 keep it   \151 delete it",undo,function() design_size=blank() and design_size or board_size redesign() end) return
  design_rows,design_size,design_saved={unpack(solution)},board_size,not blank() and min(#recent_boards,max_boards)<4
 end
 persist()
 verdict_maker,verdict_text,verdict_more,dirty,verdict_status,verdict_then=cocreate(verdict),"checking",""
end

-- line logic on the clues of solution (in a coroutine: solve_hook rests)
function verdict()
 verdict_filled,verdict_empty=zeros()
 verdict_status,verdict_rounds=solve(row_clues,col_clues,verdict_filled,verdict_empty,{})
 -- its difficulty in words, from pips as the list shows a puzzle's: a
 -- proxy of the manifest's pips (difficulty.py scores rounds and the
 -- lines that move in each), the solver's passes x size / 12, 1 to 5.
 -- over the 254 packed puzzles it gives their pips for 146, is a pip
 -- off for 105 and two off for 3. (a solvable design's second line:
 -- those words, then its rounds, each a turn of the line; the pips
 -- drawn under it touched it, a "." in ".erase")
 verdict_text,verdict_more=unpack(split(blank() and "empty|" or verdict_status=="solved" and "solvable|"..split"easy,easy,medium,hard,hard"[mid(1,verdict_rounds*board_size\12,5)]..","..verdict_rounds..(verdict_rounds>1 and " rounds" or " round") or "needs guess|see dots","|"))
end

-- play it, share code: only a design line logic finishes; chosen
-- while the verdict is being worked out, done once it is in
-- (play_update); refused with the dull sound, the verdict over the
-- clock saying why (said again under it, it stood there twice)
function if_solvable(f)
 return function()
  if (verdict_text=="solvable") return f()
  if (verdict_text=="checking") verdict_then=f return
  sfx(19)
 end
end
