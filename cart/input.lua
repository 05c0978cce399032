-- input. buttons are read from btn() only (btnp's own repeat does
-- not reach a 30 fps cart on every pico-8 player): hf[b] = frames
-- button b (0-5) has been held, the mouse's left and right buttons
-- counting as o and x; rl[b] = frame fc it was last let go, hl[b]
-- how long it was held then. mx,my = the pointer, mb its buttons,
-- mv: it moved since the last frame (a pointer at rest over a screen
-- as it opens picks nothing: the mouse acts when it moves or clicks)
-- sx,sy: the cell the stroke being painted began on
hf,rl,hl,fc,sx,sy={},{},{},0,0,0
-- (dy: the d-pad buttons' vertical steps)
dy=split"0,0,-1,1"

function readbtn()
 fc+=1
 mv=mx!=stat(32) or my!=stat(33)
 mx,my,mb=stat(32),stat(33),stat(34)&3
 local bt=btn()|mb<<4
 for b=0,5 do
  local f,d=hf[b] or 0,bt>>b&1
  if (f>0 and d<1) rl[b],hl[b]=fc,f
  hf[b]=d*(f+1)
 end
end

-- pressed this frame; the d-pad repeats after 8 frames, then every 3
function bp(b)
 local f=hf[b]
 return f==1 or b<4 and f>8 and f%3==0
end

-- the play screen's cell under the pointer (nil off the board)
function cellat()
 local x,y=(mx-bx)\cz,(my-by)\cz
 if (min(x,y)>=0 and max(x,y)<sz) return x,y
end

-- set cell i to v, kept for undo in the current step (a new one
-- when ns is set); a message on the clock goes
function set(i,v)
 local h=hist[bid()] or {n=0}
 hist[bid()]=h
 if ns then
  -- a new step ends what could be redone
  for k=h.n+1,#h do h[k]=nil end
  h.n+=1
  h[h.n],ns={}
 end
 for w in all{i,g[i],v} do add(h[h.n],w) end
 g[i]=v
 dirty,redraw,msg=true,true
end

-- set the cursor's cell to v, with its sound and line checks. with
-- auto-check (op&2) a wrong fill is crossed instead and said;
-- with auto-cross (op&4) a line that matches its clue has its blank
-- cells crossed (in the same undo step). no change: a dull sound
function mark(v)
 local i,w=cy*15+cx,not em and v==1 and op&2>0 and sol[cy+1]>>cx&1<1
 if (w) v=2
 if (g[i]==v) sfx(19) return
 set(i,v)
 -- (fill 0, cross 1, clear 2)
 sfx((v+2)%3)
 if (w) say"mistake!"
 if check(cx,cy) and not em then
  sfx(3)
  if op&4>0 then
   -- cell j of the row, of the column, when that line matches
   for j=0,sz-1 do
    for k in all{rok[cy+1] and cy*15+j,cok[cx+1] and j*15+cx} do
     if (k and g[k]<1) set(k,2)
    end
   end
   -- the crosses change what the crossing lines' clues can dim
   recheck()
  end
 end
end

-- buttons pressed together that never are in play: left and right
-- turn the music on or off (the play screen's pause menu is full),
-- up and down ask to clear the board or the design (undo brings it
-- back)
function chords()
 if min(hf[0],hf[1])==1 then
  op^^=1
  persist()
  say(ol[op%2+1])
 end
 if (min(hf[2],hf[3])==1) clearask()
end

-- undo the last step (r false) or redo the next (r true)
function undo(r)
 local h=hist[bid()] or {n=0}
 local s=h[r and h.n+1 or h.n]
 if s then
  h.n+=r and 1 or -1
  for k=1,#s,3 do g[s[k]]=s[k+(r and 2 or 1)] end
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
 for i=0,sz-1 do check(i,i) end
 dirty,redraw,msg=true,true
end

-- next cell past a 5-cell guide from v, moving up the line
function guide(v)
 return min(sz-1,(v\5+1)*5)
end

-- the length of the stroke being painted, as picross s shows it:
-- the cells from its first to the cursor along its line (nil when
-- none is painted, or at its first cell)
function stroke()
 local n=max(abs(cx-sx),abs(cy-sy))+1
 if (pk and n>1) return n.." cells"
end

-- a stroke being painted goes on over the cursor's cell if that
-- cell is as the stroke's first was
function paint()
 if (pk and g[cy*15+cx]==pv) mark(pm)
end

-- the play screen: d-pad moves, a quick second tap jumps past the
-- next 5-cell guide; o fills, x crosses, again clears; holding o or
-- x while moving paints the same change along the way (pk: the
-- button painting, pv: the cells it changes, pm: to what). the
-- stroke's first cell decides: on a blank cell it marks blanks, on
-- its own mark it clears those; on the other mark (o on a cross, x
-- on a fill) it changes nothing, so a fill never covers a cross and
-- a cross never wipes a fill (as in picross s)
function playinput()
 local x,y=cellat()
 chords()
 -- the cursor follows the pointer over the board as it moves
 if x and mv and (x!=cx or y!=cy) then
  cx,cy,redraw=x,y,true
  paint()
 end
 for b=4,5 do
  -- a mouse click counts on the board only
  local c=mb>>b-4&1
  if hf[b]==1 and (x or c<1) then
   if (c>0) cx,cy=x,y
   pk,pv,ns,sx,sy=b,g[cy*15+cx],true,cx,cy
   pm=pv==b-3 and 0 or pv<1 and b-3 or pv
   mark(pm)
  end
 end
 if (pk and hf[pk]==0) pk=nil
 for b=0,3 do
  if bp(b) then
   -- a tap right after a tap (released, again within 4 frames)
   local j,v=not pk and hf[b]==1 and fc-(rl[b] or -9)<5 and hl[b]<7,b<2 and cx or cy
   -- (b%2*2-1: -1 left or up, 1 right or down)
   local e=sz-1
   v=j and (b%2>0 and guide(v) or e-guide(e-v)) or mid(0,v+b%2*2-1,e)
   if b<2 then cx=v else cy=v end
   paint()
  end
 end
 redraw=redraw or hf[4]+hf[5]+btn()>0
end
