-- play: a puzzle on the board, then its solved picture.
-- cur = puzzle number (-2 endless), tf = seconds spent on it (a frame
-- count would pass 32767, the largest number, after 18 minutes).
sol={}

-- start ROM puzzle p, resuming its saved board if it has one
function startpz(p)
 cur,tf=p,0
 for y=1,15 do sol[y]=peek2(pz_base+p*30+y*2-2) end
 newboard(loadboard(p))
 play()
end

-- enter the play screen on the board set up in sol and g
function play()
 cx,cy,msg,pk,pb,dirty,mt,redraw,hc=7,7,nil,nil,btn(),true,0,true
 go(plupd,pldrw)
end

function plupd()
 -- a hint being worked out holds the board still
 if hc then
  coresume(hc)
  if (costatus(hc)=="dead") hc=nil
  return
 end
 playinput()
 tf+=1/30
 mt-=1
 if (mt<0) msg=nil
 if (dirty or sf%30==0) saveboard() dirty=false
 if solved() then
  sfx(4)
  poke2(0x5e00,0)
  bs=""
  if cur<0 then
   poke2(0x5e06,peek2(0x5e06)+1)
  else
   -- best times are kept in 30 s steps: "best <1:30"
   local b,n=rec(cur),min(63,tf\30+1)
   if (b>0) bs=n<b and "  new best!" or "  best <"..clock(b*30)
   if (b==0 or n<b) rec(cur,n)
  end
  go(supd,sdrw)
 end
end

-- what changes only on input (clues, preview) is drawn when it may
-- have changed and kept in upper memory; other frames copy it back
function pldrw()
 usepal(wo)
 if redraw then
  clues()
  preview(11,4,0)
  ct(cur<0 and "endless" or "#"..cur-worlds[wo].first+1,26,45,7)
  memcpy(0x8000,0x6000,0x2000)
  redraw=false
 end
 memcpy(0x6000,0x8000,0x2000)
 board(0)
 ct(msg or clock(tf),26,38,msg and 9 or 10)
end

-- puzzle p's name, or its number in its world
function pname(p)
 local n=pz_names[p+1]
 return n!="" and n or "no. "..p-worlds[wo].first+1
end

-- solved: the board slides to the middle and becomes the picture
function supd()
 bx=max(26,52-sf)
 by=bx
 if sf>40 and btnp(4) then
  bx,by=52,52
  if cur<0 then
   startendless()
  else
   -- back to the puzzles, on the next one
   local w=worlds[ws]
   ps=min(cur+1,w.first+w.count-1)
   go(pupd,pdrw)
  end
 end
end

function sdrw()
 usepal(wo)
 board(sf+1)
 if sf>30 then
  ct(cur<0 and "solved!" or pname(cur),64,10,10)
  ct("time "..clock(tf)..bs,64,108,6)
  blink("\142 continue",118)
 end
end
