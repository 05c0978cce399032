-- save: progress, kept for the session in lua tables and upper
-- memory, persisted in the 256 cartdata bytes at 0x5e00 (the 64
-- dget/dset numbers: poking them persists as dset does). only this
-- file touches cartdata.
--
-- session: best[p] (puzzle p, 0-based): nil unsolved, else its best
-- time in seconds (0: solved, the time no longer saved). a board has
-- an id: p+1 for puzzle p, 255 for endless (bid() of the one being
-- played); its cells live at 0xa000+id*45, 5 to a byte in base 3
-- (cell i=y*15+x is byte i\5, digit i%5; 0 blank 1 filled 2 crossed),
-- its clock in clk[id] (seconds). rb: ids of the boards in progress,
-- most recent first; rs: ids of solved puzzles, most recent first.
--
-- cartdata (words little-endian):
-- 0-3   sid: the puzzle set's hash ~ the layout version; a save
--       with another is not read (the game starts afresh)
-- 4-5   endless: seed of its puzzle   6-7  endless puzzles solved
-- 8-39  solved flags: puzzle p in byte 8+p\8, bit p%8; bit 7 of
--       byte 39 (no puzzle 255): music off
-- 40+   entries, until id 0: byte id, word w, then
--       w>=0: a board (its clock, w s), its 45 bytes; nb at most
--       w<0: the best time of puzzle id-1, w&0x7fff s
--       boards first, then best times while they fit (8 at least)
-- times and clocks stop at 32767 s (9:06:07); every field is checked
-- when read and anything out of range is dropped, never shown.
sid,nb=pz_hash~2,4

-- board id of the puzzle being played
function bid()
 return cur+1&255
end

-- the board being played from upper memory into g, and back
pw=split"1,3,9,27,81"
function getb()
 g={}
 for i=0,224 do g[i]=peek(0xa000+bid()*45+i\5)\pw[i%5+1]%3 end
end
function putb()
 for k=0,44 do
  local v=0
  for j=4,0,-1 do v=v*3+g[k*5+j] end
  poke(0xa000+bid()*45+k,v)
 end
end

-- ids of boards in rb (or rs): move id to the front, or take it out
function front(t,id)
 del(t,id)
 add(t,id,1)
end

-- is board id in progress?
function inrb(id)
 for v in all(rb) do
  if (v==id) return true
 end
end

-- the board that keeping board id would push out of the save
function dropping(id)
 for k=1,nb do
  if (rb[k]==id) return
 end
 return rb[nb]
end

-- keep the board being played (the most recent) and save
function keep()
 putb()
 clk[bid()]=tf
 front(rb,bid())
 persist()
end

-- forget the board being played (solved, or left blank)
function drop()
 local id=bid()
 memset(0xa000+id*45,0,45)
 del(rb,id)
 clk[id]=nil
 persist()
end

-- puzzle p solved in t seconds: its best time before (nil: first)
function won(p,t)
 local b=best[p]
 t=max(1,flr(t))
 best[p]=min(t,b!=0 and b or t)
 front(rs,p+1)
 persist()
 return b!=0 and b
end

-- read the cartdata, field by field
function loadsave()
 cartdata("picross8_v1")
 if (peek4(0x5e00)!=sid) memset(0x5e00,0,256)
 mu=peek(0x5e27)<128
 eseed,nend,best,clk,rb,rs=peek2(0x5e04),max(0,peek2(0x5e06)),{},{},{},{}
 for p=0,pz_count-1 do
  if (peek(0x5e08+p\8)>>p%8&1==1) best[p]=0
 end
 local a=0x5e28
 while a<0x5efd and peek(a)>0 do
  local id,w,ok=peek(a),peek2(a+1),true
  local p=id-1
  if w<0 then
   -- a best time: of a solved puzzle, once
   w&=0x7fff
   if (best[p]==0 and w>0) best[p]=w add(rs,id)
   a+=3
  else
   -- a board: of a puzzle or endless, once, nb at most, 5 cells a
   -- byte (below 3^5)
   if (a>0x5ed0) break
   for k=3,47 do
    if (peek(a+k)>242) ok=false
   end
   if ok and (id<=pz_count or id==255) and not clk[id] and #rb<nb then
    clk[id]=w
    add(rb,id)
    memcpy(0xa000+id*45,a+3,45)
   end
   a+=48
  end
 end
 persist()
end

-- write the session's progress to the cartdata (not named save:
-- that is a pico-8 command)
function persist()
 memset(0x5e00,0,256)
 poke4(0x5e00,sid)
 poke2(0x5e04,eseed)
 poke2(0x5e06,nend)
 for p in pairs(best) do
  local a=0x5e08+p\8
  poke(a,peek(a)|1<<p%8)
 end
 if (not mu) poke(0x5e27,peek(0x5e27)|128)
 local a=0x5e28
 for k=1,min(nb,#rb) do
  local id=rb[k]
  poke(a,id)
  poke2(a+1,clk[id])
  memcpy(a+3,0xa000+id*45,45)
  a+=48
 end
 for id in all(rs) do
  if a<0x5efd then
   poke(a,id)
   poke2(a+1,best[id-1]|0x8000)
   a+=3
  end
 end
end
