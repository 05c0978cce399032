-- input. buttons are read from btn() only (btnp's own repeat does
-- not reach a 30 fps cart on every pico-8 player): held_frames[b] = frames
-- button b (0-5) has been held, the mouse's left and right buttons
-- counting as o and x; released_at[b] = frame frame_count it was last let go, held_for[b]
-- how long it was held then. mouse_x,mouse_y = the pointer, mouse_buttons its buttons,
-- mouse_moved: it moved since the last frame (a pointer at rest over a screen
-- as it opens picks nothing: the mouse acts when it moves or clicks)
-- stroke_x,stroke_y: the cell the stroke being painted began on;
-- from_x,from_y: the cursor before the last direction went down (a
-- d-pad chord takes its steps back; go() sets them as a board opens).
-- _update reads them first thing each frame (main.lua)
held_frames,released_at,held_for,frame_count,stroke_x,stroke_y={},{},{},0,0,0

-- pressed this frame; the d-pad repeats after 8 frames, then every 3
function pressed(b)
 local f=held_frames[b]
 return f==1 or b<4 and f>8 and f%3==0
end

-- set cell i to v, kept for undo in the current step (a new one
-- when new_step is set); a message on the clock goes
function set_cell(i,v)
 local h=history[board_id]
 if new_step then
  -- a new step ends what could be redone (the steps from it on:
  -- as many of the last as there are)
  h.n+=1
  for _=h.n,#h do deli(h) end
  h[h.n],new_step={}
 end
 for w in all{i,cells[i],v} do add(h[h.n],w) end
 cells[i],dirty,redraw,message=v,true,true
end

-- set the cursor's cell to v, with its sound and line checks. with
-- auto-check (options&2) a wrong fill is crossed instead and said;
-- with auto-cross (options&4) a line whose fills are the solution's
-- has its blank cells crossed (in the same undo step; a line that
-- only fits its clue is left alone: its blanks may be fills). no
-- change: a dull sound
function mark(v)
 local i,w=cursor_y*15+cursor_x,not editing and v==1 and options&2>0 and solution[cursor_y+1]>>cursor_x&1<1
 if (w) v=2
 if (cells[i]==v) sfx(19) return
 set_cell(i,v)
 -- (fill 0, cross 1, clear 2)
 sfx((v+2)%3)
 if (w) say"mistake!"
 if check(cursor_x,cursor_y) and not editing then
  sfx(3)
  if options&4>0 then
   -- the blank cells of the cursor's row, of its column, when that
   -- line's fills are the solution's (solution_cols: its columns,
   -- board.lua)
   local r,c=line_mask(cursor_y,1)==solution[cursor_y+1],line_mask(cursor_x,1,1)==solution_cols[cursor_x+1]
   each(function(x,y,k)
    if ((y==cursor_y and r or x==cursor_x and c) and cells[k]<1) set_cell(k,2)
   end)
   -- the crosses change what the crossing lines' clues can dim
   recheck()
  end
 end
end

-- buttons pressed together that never are in play (o and x, left
-- and right, up and down: play_update's chords): buttons b and b+1
-- went down within 5 frames of each other (167 ms), the second this
-- frame. keys pressed "together" go down up to about 100 ms apart: at
-- 3 frames a player's o+x, o 80 ms first, filled a cell and opened
-- nothing (the first press's mark is taken back when the chord comes)
function both(b)
 local h,k=held_frames[b],held_frames[b+1]
 return min(h,k)==1 and max(h,k)<6
end

-- undo the last step (r nil) or redo the next (r 1)
function undo(r)
 -- (d: 1 redo, 0 undo. a step is its cells' triples: index, mark
 -- before, mark after)
 local h,d=history[board_id],r or 0
 local s=h[h.n+d]
 if s then
  h.n+=d*2-1
  for k=1,#s,3 do cells[s[k]]=s[k+1+d] end
  recheck()
 else
  -- nothing to take back or redo: a dull sound and a word
  sfx(19)
  say(r and "no redo" or "no undo")
 end
 -- the pause menu stays open for more
 return true
end

-- after many cells change: every line checked again
function recheck()
 for i=0,board_size-1 do check(i,i) end
 dirty,redraw,message=true,true
end

-- a stroke being painted goes on over the cursor's cell if that
-- cell is as the stroke's first was
function paint()
 if (paint_button and cells[cursor_y*15+cursor_x]==paint_from) mark(paint_to)
end

-- the cursor to cell x,y (by the d-pad or the pointer), the stroke
-- painted on over it. a stroke keeps to its first cell's row or
-- column, as in picross s: off both the cursor stays (a stroke that
-- turned a corner marked cells the player did not mean), and a d-pad
-- press (d) that moved nothing sounds the dull "no change" (a player's
-- L-shaped stroke lost cells with no sign why; the pointer, dragged
-- off the line, would sound every frame)
function cursor_to(x,y,d)
 if not paint_button or x==stroke_x or y==stroke_y then
  cursor_x,cursor_y,redraw=x,y,true
  paint()
 elseif d then
  sfx(19)
 end
end
