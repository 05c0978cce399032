-- hint: on a blank board picross s's roulette, asked first (spin: the
-- answer; a player who asked for a hint on a blank board found a row
-- and a column given away with no warning), else point at a mark
-- that contradicts the solution, or else mark one cell that line logic
-- forces from the marks on the board. it runs as a coroutine over a few
-- frames (see play_update).
function hint(spin)
 if (blank() and not spin) return ask("roulette: a random row and\ncolumn shown as solved?\n\n\142 spin   \151 not now",function() hint(1) end)
 hint_maker=cocreate(function()
  -- (f,e: the cells line logic finds filled and empty; d: the
  -- distance of the nearest forced cell so far (below); cx,cy: the
  -- cursor as the hint begins: the roulette and a mistake, which move
  -- it, end the hint)
  local d,cx,cy,f,e,w=199,cursor_x,cursor_y,{},{}
  -- the roulette: the cursor hops about the board a second, a cell
  -- and a tick a frame, then
  -- the row and the column it stops on are marked as the solution has
  -- them (fills and crosses), in one undo step. its last hop is to a
  -- filled cell, so that neither line is a 0 (a row of crosses gave
  -- a player nothing they did not know): every board played has one
  -- (a code or a design with none is refused, endless fills its
  -- middle column), and on a board with none it would hop forever
  if blank() then
   for hop=1,30 do
    repeat
     cursor_x,cursor_y,redraw=rand_int(board_size),rand_int(board_size),true
    until hop<30 or solution[cursor_y+1]>>cursor_x&1>0
    sfx(5)
    yield()
   end
   new_step=true
   each(function()
    if (cell_x==cursor_x or cell_y==cursor_y) set_cell(cell_index,2-(solution[cell_row]>>cell_x&1))
   end)
   recheck()
   return say"roulette"
  end
  -- a fill (1) the solution leaves empty (0) or a cross (2) on a
  -- filled cell (1): the mark less the solution's bit is 1. the first
  -- in reading order is pointed at (w 3)
  each(function()
   if (not w and cells[cell_index]-(solution[cell_row]>>cell_x&1)==1) w,cursor_x,cursor_y=3,cell_x,cell_y
  end)
  if not w then
   for y=1,board_size do _,f[y],e[y]=line_of(y) end
   solve(row_clues,col_clues,f,e,{})
   -- of the cells line logic fixes, the one nearest the cursor, a fill
   -- before any cross and a cross in a line yet to match its clue before
   -- one in a line that does (a player stuck on a board was given a cross
   -- in a row already finished: no help). (the cursor moves to each
   -- nearer one, d its distance from cx,cy; w: the mark it needs, 1 fill
   -- or 2 cross; nil here, no mistake)
   each(function()
    -- (1 forced filled, 2 forced empty, the two bits of v: the marks
    -- agree with the solution, so no cell is both)
    local v=f[cell_row]>>cell_x&1|e[cell_row]<<1>>cell_x&2
    local k=abs(cell_x-cx)+abs(cell_y-cy)+v*30+((line_done[cell_row] or line_done[cell_x+16]) and 30 or 0)
    if (v>0 and cells[cell_index]==0 and k<d) d,cursor_x,cursor_y,w=k,cell_x,cell_y,v
   end)
   if w then
    -- marked first: a change clears the message
    new_step=true
    mark(w)
   end
  end
  -- (what it marked, said: "hint" alone, on a cross, read as nothing
  -- done; or the mistake pointed at)
  say(split"hint: fill,hint: cross,mistake!,no hint"[w or 4])
 end)
end

-- show s for two seconds, on the line under the clock (play_draw)
function say(s)
 message,message_frames,redraw=s,60,true
end
