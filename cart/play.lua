-- play: a puzzle on the board, then its solved picture.
-- cur = puzzle number (-2 endless), tf = seconds spent on it (a frame
-- count would pass 32767, the largest number, after 18 minutes; tf
-- stops there, at 9:06:07). hist[id] = board id's undo steps,
-- cpos[id] its cursor when last left (y*16+x; for the session: the
-- save has no room for it)
sol,hist,cpos={},{},{}

-- the rom's puzzle table (rom.py): puzzle p is pzs[p] cells wide,
-- has pip[p] pips, and its rows start at pa[p]
pa,pzs,pip={},{},{}
local q=pz_base+pz_count
for p=0,pz_count-1 do
 local m=peek(pz_base+p)
 pa[p],pzs[p],pip[p]=q,m%16*5,m\16
 q+=m%16*5*(m%16\2+1)
end

-- row r (0-based) of puzzle p, n cells wide
function pzrow(p,r,n)
 return peek2(pa[p]+r*(n\8+1))&(1<<n)-1
end

-- rom puzzle p as the one played (startpz: on its board in
-- progress, blank if none)
function loadpz(p)
 cur,sz=p,pzs[p]
 for y=1,sz do sol[y]=pzrow(p,y-1,sz) end
end
function startpz(p)
 loadpz(p)
 play()
end

-- enter the play screen on the puzzle set up in sol, resuming its
-- board (now the most recent, if it is in the save) and its cursor
function play()
 getb()
 tf=clk[bid()] or 0
 newboard(g)
 -- the cursor where it was left, else in the middle
 local c=cpos[bid()] or sz\2*17
 cx,cy,mt,msg,pk,dirty,hc,ns,aq,kp=c%16,c\16,0
 go"play"
 hold()
end

-- a question over the board: o runs y, x runs n (when given); the
-- stroke being painted ends
function ask(s,y,n)
 aq,ay,an,redraw,pk=s,y,n,true
end

-- no marks on the board
function blank()
 for i=0,224 do
  if (g[i]>0) return
 end
 return true
end

-- keep the board in the save, then run f (leaving) if given. a board
-- with marks that would push another out of a full save asks first,
-- once it has changed (not on opening it: a blank or solved board
-- takes no slot, and a board only looked at need not be saved): at
-- its first mark, since the save is written as you play. o keeps it
-- (the board named goes; kp: asked no more this visit, even if undo
-- empties it and it comes back), x leaves without this change (and
-- its undo steps, which the kept board no longer matches)
function hold(f)
 local d=not kp and not blank() and dropping(bid())
 if d and dirty then
  ask("the save keeps "..nb.." boards:\nkeeping this one forgets\nthe marks on "..bname(d).."\n\n\142 keep   \151 leave unsaved",function()
   kp=true
   hold(f)
  end,function()
   hist[bid()]=nil
   out()
  end)
 else
  if (not d) keep()
  if (f) f()
 end
end

-- back to the puzzle list or the worlds (a design played: to the
-- editor; leaving the editor: to the worlds)
function out()
 cpos[bid()]=cy*16+cx
 if (em) em,ed=nil
 if ed then edit() elseif cur<0 then go"worlds" else go"puzzles" end
end

-- ask to clear every mark (of the design, in the editor), in one
-- undo step
function clearask()
 ask("clear the whole board?\n(undo brings it back)\n\n\142 clear   \151 keep",function()
  ns=true
  for i=0,224 do
   if (g[i]>0) set(i,0)
  end
  recheck()
 end)
end

-- the pause menu on the play screen (go() clears it elsewhere)
function playmenu()
 -- (the editor's: play it, undo, redo, share code, leave)
 mi(1,em and "play it" or "hint",em and ifok(function() em,hist[0]=nil play() end) or hint)
 mi(2,"undo",undo)
 mi(3,"redo",function() return undo(true) end)
 mi(4,em and "share code" or "clear board",em and ifok(share) or clearask)
 mi(5,"leave puzzle",function() hold(out) end)
end

function plupd()
 -- a hint being worked out holds the board still
 if hc then
  coresume(hc)
  if (costatus(hc)=="dead") hc=nil
  return
 end
 playinput()
 if (em) return edupd()
 dims()
 tf=min(tf+1/30,32767)
 mt-=1
 if (mt<0) msg=nil
 if solved() then
  music(63) mw=false
  shade(sol,sz,pz_cols[cur+1] or "")
  drop()
  hist[bid()],cpos[bid()]=nil
  bs=""
  if cur==-2 then
   nend=min(nend,32766)+1
   persist()
  elseif cur>=0 then
   local b=won(cur,tf)
   if (b) bs=tf\1<b and "  new best!" or "  best "..clock(b)
  end
  go"solved"
 elseif dirty or sf%30==0 then
  -- saved as you play: on each change, and the clock every second
  hold()
 end
end

-- what changes only on input (clues, preview) is drawn when it may
-- have changed and kept in upper memory; other frames copy it back
-- (without upper memory, _draw sets redraw every frame)
function pldrw()
 usepal(wo)
 if redraw then
  clues()
  preview()
  -- a world's first puzzle shows the controls until the first mark
  -- (on the backdrop: the cursor's column strip stops below them)
  if (cur==worlds[wo].first and blank()) rectfill(48,0,127,29,0) print("\148\131\139\145 move\n\142 fill  \151 cross\n\139\145 both: music\n\148\131 both: clear",50,4,10)
  memcpy(0x8000,0x6000,0x2000)
  redraw=false
 else
  memcpy(0x6000,0x8000,0x2000)
 end
 board(0)
 ct(msg or stroke() or em and vt or clock(tf),38,msg and 13 or 10,26)
 -- under it the puzzle's number, taking turns (2 s each) with how
 -- to reach undo, hint and leave (the editor's verdict is there)
 ct(not em and sf%120<60 and "pause: menu" or cur<-1 and "endless" or cur<0 and "" or "#"..cur-worlds[wo].first+1,45,13,26)
 if (em) eddrw()
end

-- puzzle p's name, or its number in its world
function pname(p)
 local n=pz_names[p+1]
 return n!="" and n or "no. "..p-worlds[wo].first+1
end

-- board id's puzzle as its world and number, or endless
function bname(id)
 for w in all(worlds) do
  local k=id-w.first
  if (k>0 and k<=w.count) return w.name.." no. "..k
 end
 return "endless"
end

-- solved: the board slides to the middle and becomes the picture.
-- once it has (sf>30) the prompt shows, steady, and from that same
-- frame every press it names is taken. o goes on (endless: to a new
-- puzzle, so left leaves to the worlds: pressed, not held on from the
-- last stroke, which would repeat)
function supd()
 bx=max(64-bw\2,52-sf)
 by=bx
 if (sf<31) return
 if (bp(5)) share()
 local l=cur==-2 and hf[0]==1
 if bp(4) or l then
  bx,by=52,52
  if cur==-2 and not l then
   startendless()
  elseif cur<0 then
   out()
  else
   -- back to the puzzles, on the next one
   local w=worlds[ws]
   ps=min(cur+1,w.first+w.count-1)
   go"puzzles"
  end
 end
end

function sdrw()
 usepal(wo)
 backdrop(wo,104,1)
 board(sf+1)
 if sf>30 then
  ct(cur<0 and "solved!" or pname(cur),10,10)
  ct("time "..clock(tf)..bs,108,6)
  ct(cur==-2 and "\142 next  \151 share  \139 back" or "\142 continue  \151 share",118,10)
 end
end
