-- input. buttons are read from btn() only (btnp's own repeat does
-- not reach a 30 fps cart on every pico-8 player): held_frames[b] = frames
-- button b (0-5) has been held, the mouse's left and right buttons
-- counting as o and x; released_at[b] = frame frame_count it was last let go
-- after a tap (held under 7 frames), false after a longer press. mouse_x,mouse_y = the pointer, mouse_buttons its buttons,
-- mouse_moved: it moved since the last frame (a pointer at rest over a screen
-- as it opens picks nothing: the mouse acts when it moves or clicks)
-- stroke_x,stroke_y: the cell the stroke being painted began on;
-- from_x,from_y: the cursor before the last direction went down (a
-- d-pad chord takes its steps back; go() sets them as a board opens).
-- _update reads them first thing each frame (main.lua)
held_frames,released_at,frame_count,stroke_x,stroke_y={},{},0,0,0

-- pressed this frame; the d-pad repeats after 8 frames, then every 3
function pressed(b)
 local f=held_frames[b]
 return f==1 or b<4 and f>8 and f%3==0
end

-- set cell i to v, kept for undo in the current step (a new one
-- when new_step is set); a message under the clock goes
function set_cell(i,v)
 local h=history[board_id]
 if new_step then
  -- a new step ends what could be redone (the steps from it on:
  -- as many of the last as there are). the steps as they were stay
  -- in history_kept, for the o+x chord that takes this step back
  -- (play_input): a player's redo from its menu brought back the
  -- chord's own cell, not their stroke
  history_kept={n=h.n,unpack(h)}
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
   each(function()
    if ((cell_y==cursor_y and r or cell_x==cursor_x and c) and cells[cell_index]<1) set_cell(cell_index,2)
   end)
   -- the crosses change what the crossing lines' clues can dim
   recheck()
  end
 end
end

-- buttons pressed together that never are in play (o and x, left
-- and right, up and down: play_input's chords): buttons b and b+1
-- went down within 5 frames of each other (167 ms), the second this
-- frame. keys pressed "together" go down up to about 100 ms apart: at
-- 3 frames a player's o+x, o 80 ms first, filled a cell and opened
-- nothing (the first press's mark is taken back when the chord comes)
function both(b)
 local h,k=held_frames[b],held_frames[b+1]
 return min(h,k)==1 and h+k<7
end

-- undo the last step (r nil) or redo the next (r 1), said under the
-- clock (a left+right chord pressed by mistake, a roll of the
-- d-pad, would otherwise take a step back unseen)
function undo(r)
 -- (d: 1 redo, 0 undo. a step is its cells' triples: index, mark
 -- before, mark after. w: the word)
 local h,d,w=history[board_id],r or 0,r and "redo" or "undo"
 local s=h[h.n+d]
 if s then
  -- (a stroke held on meanwhile, from the pause menu, goes on in a
  -- step of its own: new_step)
  h.n+=d*2-1
  for k=1,#s,3 do cells[s[k]]=s[k+1+d] end
  recheck()
  say(w)
  new_step=true
 else
  -- nothing to take back or redo: a dull sound and a word
  sfx(19)
  say("no "..w)
 end
 -- the pause menu stays open for more
 return true
end

-- after many cells change: every line checked again
function recheck()
 for i=0,board_last do check(i,i) end
 dirty,redraw,message=true,true
end

-- the cursor to cell x,y (by the d-pad or the pointer), the stroke
-- painted on over it. a stroke keeps to its first cell's row or
-- column, as in picross s: off both the cursor stays (a stroke that
-- turned a corner marked cells the player did not mean), and a d-pad
-- press (d) that moved nothing sounds the dull "no change" (a player's
-- L-shaped stroke lost cells with no sign why; the pointer, dragged
-- off the line, would sound every frame). the stroke goes on over the
-- cell if that cell is as the stroke's first was
function cursor_to(x,y,d)
 if not paint_button or x==stroke_x or y==stroke_y then
  cursor_x,cursor_y,redraw=x,y,true
  if (paint_button and cells[y*15+x]==paint_from) mark(paint_to)
 elseif d then
  sfx(19)
 end
end

-- the play screen: d-pad moves, a quick second tap jumps past the
-- next 5-cell guide; o fills, x crosses, again clears; holding o or
-- x while moving paints the same change along the way (paint_button: the
-- button painting, paint_from: the cells it changes, paint_to: to what). the
-- stroke's first cell decides: on a blank cell it marks blanks, on
-- its own mark it clears those; on the other mark (o on a cross, x
-- on a fill) it changes nothing, so a fill never covers a cross and
-- a cross never wipes a fill (as in picross s)
function play_input()
 -- the cell under the pointer (x nil off the board: x\board_size|y\board_size
 -- is 0 only with both in 0..board_size-1)
 local x,y=(mouse_x-board_corner)\cell_px,(mouse_y-board_corner)\cell_px
 if (x\board_size|y\board_size!=0) x=nil
 -- o and x together open the on-screen menu, the mark the first of
 -- them made, if any, taken back, unsaid, and the steps as they were
 -- before it (history_kept: what could be redone still can) (x
 -- pressed while o paints a stroke is no chord; "undo" under the
 -- clock, a player thought the chord had undone a step of theirs)
 if both(4) then
  if (paint_button and not new_step) undo() history[board_id],message=history_kept
  return menu(1)
 end
 -- the cursor follows the pointer over the board as it moves
 if (x and mouse_moved and (x!=cursor_x or y!=cursor_y)) cursor_to(x,y)
 for b=4,5 do
  -- a mouse click marks on the board only; top left of it (the
  -- preview, the clock and "o+x menu") it opens the on-screen menu
  local c=mouse_buttons>>b-4&1
  if held_frames[b]==1 then
   -- (a tap of the d-pad after o or x is a tap of its own: no jump)
   released_at={}
   if x or c<1 then
    if (c>0) cursor_x,cursor_y=x,y
    paint_button,paint_from,new_step,stroke_x,stroke_y=b,cells[cursor_y*15+cursor_x],true,cursor_x,cursor_y
    -- (the editor's x erases: on a fill its stroke clears fills, on
    -- a blank it changes nothing)
    paint_to=(paint_from==b-3 or editing and b>4) and 0 or paint_from<1 and b-3 or paint_from
    -- (its first cell marked)
    mark(paint_to)
   elseif max(mouse_x,mouse_y)<52 then
    menu(1)
   end
  end
 end
 paint_button=paint_button and held_frames[paint_button]>0 and paint_button
 -- left and right together undo the last step (picross s has undo on
 -- a button; in the pause menu alone a player found it buried), up and
 -- down ask to clear the board or the design (undo brings it back);
 -- never while painting, and the cursor goes back to where the first
 -- of them found it (f: undo or ask_clear, the chord's, run below)
 local f=not paint_button and (both(0) and undo or both(2) and ask_clear)
 for b=0,3 do
  -- (h: its frames held, o: those of b^^1, the opposite direction. a
  -- direction going down keeps the cursor in from_x,from_y, unless its
  -- opposite went down first; pressed while its opposite is held, or
  -- spent, it does not move)
  local h,o=held_frames[b],held_frames[b^^1]
  -- (a chord spends the d-pad: a direction counts again only once let
  -- go, held_frames far below 0; the one held longer repeated once the
  -- other was let go, and a player's undo moved the cursor on. the
  -- opposite is spent as b is read, so that the chord's second
  -- direction, read after, does not take the cursor as it stands for
  -- where the chord began)
  if (f) held_frames[b^^1]=-32000
  if (h==1 and o<2) from_x,from_y=cursor_x,cursor_y
  if pressed(b) and o==0 then
   -- a tap right after a tap (released_at: set after a tap alone):
   -- released at most 4 frames (133 ms), then pressed again. touch screens allow 300 ms from up to down
   -- (android's double-tap timeout), but there a single tap rarely
   -- follows a tap on the same spot; here two quick single steps
   -- would jump. with a tap held 3 frames, two taps jump when they
   -- come faster than 4.3 a second. at 6 frames (3.3 a second) two
   -- players stepping two cells by quick taps were thrown to the
   -- guide line, at 2 one found it hard to do on purpose; faster
   -- stepping is the held d-pad's, 10 a second. (frame_count wraps
   -- past 32767 after 18 minutes: the difference stays right, but a
   -- made-up "long ago" would not)
   local v=b<2 and cursor_x or cursor_y
   local s=v+b%2*2-1
   -- a step (s): b%2*2-1, -1 left or up, 1 right or down; a fresh press
   -- off the board's edge, not painting, comes in at the other edge, as
   -- in picross s (held, the cursor stops at the edge; a stroke never
   -- wraps). a jump (such a
   -- second tap, not painting, with the option double tap on, options&8:
   -- off at first, as players tapping 7 a second were thrown all the
   -- same) from v's 5-cell block (v\5*5 its first
   -- cell): right or down to the next block's first cell (+5), left or
   -- up to the block before's last (-1), stops at the board's edges
   v=mid(0,h<2 and not paint_button and (options&8>0 and released_at[b] and frame_count-released_at[b]<5 and v\5*5+b%2*6-1 or s%board_size) or s,board_last)
   if b<2 then cursor_to(v,cursor_y,1) else cursor_to(cursor_x,v,1) end
  end
 end
 -- (the chord's: the cursor back, then undo or the question)
 if (f) cursor_x,cursor_y=from_x,from_y f()
 -- the clues drawn afresh while a button or a mouse button is held (the
 -- keys' and the mouse's o and x, as held_frames counts them)
 redraw=redraw or btn()|mouse_buttons>0
end
