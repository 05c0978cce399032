-- save: progress, kept for the session in lua tables, persisted
-- in the 256 cartdata bytes at 0x5e00 (the 64
-- dget/dset numbers: poking them persists as dset does). only this
-- file touches cartdata.
--
-- session: best[p] (puzzle p, 0-based): nil unsolved, else its best
-- time in seconds (0: solved, the time no longer saved). a board has
-- an id: p+1 for puzzle p, 255 for endless (board_id: the one being
-- played, play.lua; 0 a design's or a code's, never saved); its cells live in board_cells[id], 45 bytes (1-based), 5 cells to a
-- byte in base 3 (cell i=y*15+x is byte i\5+1, digit i%5; 0 blank 1
-- filled 2 crossed). (not in upper memory 0x8000-0xffff: tac08 and
-- fake-08 before 64 KiB read it as 0 and drop writes to it)
-- its clock in board_clocks[id] (seconds). recent_boards: ids of the boards in progress,
-- most recent first (board id is in progress: count(recent_boards,id)>0,
-- or board_cells[id] set: drop and load_save change both together);
-- recent_solved: ids of solved puzzles, most recent first.
--
-- cartdata (words little-endian):
-- 0-3   save_id: the puzzle set's hash ^^ the layout version; a save
--       with another is not read (the game starts afresh)
-- 4-5   endless: seed of its puzzle (15 bits, as its share code)
--       6-7  endless puzzles solved
-- 8-39  solved flags: puzzle p in byte 8+p\8, bit p%8; bit 7 of
--       byte 39 (no puzzle 255): music off
-- 40+   entries, until id 0: byte id, word w, then
--       w>=0: a board (its clock, w s), its 45 bytes; max_boards at most
--       w<0: the best time of puzzle id-1, w&0x7fff s; id 255 (no
--       puzzle 254): the options the best times after it were made
--       with, w&6, until the next (0 before the first)
--       id 255 and w<0 with bit 14: the design (editor.lua), of
--       size w&15, its 15 rows in 30 bytes (words, bit x = column x)
--       boards first, then the design, then best times while they
--       fit (7 beside 4 boards, 12 beside 3 and the design; less an
--       entry for each option mark)
-- the design takes a board's place: while one is saved (design_saved) the
-- save holds 3 boards in progress, not 4 (max_boards), and a 4th asks
-- which board to drop as a 5th does without a design. a design is
-- saved once drawn (a filled cell) if at most 3 boards are saved;
-- with 4 the editor says it is not saved (it stays for the session
-- and its share code keeps it: no board is pushed out for it). an
-- empty design frees the place.
-- 255   options: 2 auto-check, 4 auto-cross, 8 double tap (entries end by 252)
-- times and clocks stop at 32767 s (9:06:07); every field is checked
-- when read and anything out of range is dropped, never shown (marks
-- off a board, a design with no fill; the seed keeps its 15 bits).
-- the options and their marks came after layout 2 in bytes it left 0
-- (saves of layout 2 read as made without options): it is still 2.
--
-- options: the settings, 1 music off, 2 auto-check, 4 auto-cross, 8 the
-- double tap jumps (not kept with a best time: it only moves the cursor);
-- best_options[p]: the options puzzle p's best time was made with (options&6)
save_id,max_boards,board_cells,best_options=pz_hash^^2,4,{},{}

-- the board being played from board_cells into cells (blank if none:
-- 45 bytes of 0; cell i is digit i%5 of byte i\5+1: 3^k is exact, an
-- integer power)
function load_board()
 local b=board_cells[board_id] or split"0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0"
 cells={}
 for i=0,224 do cells[i]=b[i\5+1]\3^(i%5)%3 end
end

-- keep the board being played (the most recent) and save; a blank
-- board takes no slot, nor a design or a code's puzzle (id 0)
function keep()
 if (blank() or board_id<1) return drop()
 -- its cells into board_cells (5 a byte, from 45 bytes of 0: cell i
 -- digit i%5 of byte i\5+1, as load_board reads them)
 local b=split"0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0"
 for i=0,224 do b[i\5+1]+=cells[i]*3^(i%5) end
 drop(b,play_seconds)
end

-- forget the board being played (solved, or left blank), or with b
-- keep b as its cells and t as its clock, the most recent first; and save
-- (dirty: no change since)
function drop(b,t)
 board_cells[board_id],board_clocks[board_id],dirty=b,t
 del(recent_boards,board_id)
 if (b) add(recent_boards,board_id,1)
 persist()
end

-- puzzle p solved in t seconds: its best time kept, and what the solved
-- screen says of it in best_text (play.lua) if it had one before (the
-- first time, best_text stays "", as play_update set it)
function won(p,t)
 -- (b: its best time before, nil or false if none: 0 is none saved;
 -- s: t in whole seconds, 1 at least)
 local b,s=best[p]!=0 and best[p],max(1,flr(t))
 if (s<=(b or s)) best[p],best_options[p]=s,options&6
 if (b) best_text=t\1<b and "  new best!" or "  best "..clock(b)
 -- (the most recent first)
 del(recent_solved,p+1)
 add(recent_solved,p+1,1)
 persist()
end

-- read the cartdata, field by field ($, % and @ read as peek4, peek2
-- and peek: below 0x8000 every player reads them alike)
function load_save()
 cartdata"picross8_v1"
 if ($0x5e00!=save_id) memset(0x5e00,0,256)
 local a,o=0x5e28,0
 endless_seed,endless_solved,options,best,board_clocks,recent_boards,recent_solved=%0x5e04&32767,max(0,%0x5e06),@0x5e27\128|@0x5eff&14,{},{},{},{}
 for p=0,pz_count-1 do
  if (peek(0x5e08+p\8)>>p%8&1==1) best[p]=0
 end
 while a<0x5efd and @a>0 do
  -- (a: past the entry's head)
  local id,w,p=@a,peek2(a+1),@a-1
  a+=3
  if w<0 then
   -- a best time: of a solved puzzle, once; or the options of those
   -- after it
   w&=0x7fff
   if id==255 then
    if w>0x3fff then
     -- the design: 5x5, 10x10 or 15x15 (its 33 bytes within the
     -- entries), its rows cut to its size (its first z rows read, the
     -- rest 0); saved (design_saved) if it has a fill; the create
     -- page's choice at its size. (its size z: one of the bits of
     -- 0x8420, bits 5, 10 and 15)
     local z=w&15
     if 0x8420>>>z&1>0 and a<0x5ee0 then
      design_rows,design_size,create_choice,design_saved=zeros(),z,z\5
      for y=1,z do
       design_rows[y]=peek2(a+y*2-2)&(1<<z)-1
       design_saved=design_saved or design_rows[y]>0
      end
     end
     a+=30
    else
     o=w&6
    end
   end
   if (best[p]==0 and w>0) best[p],best_options[p]=w,o add(recent_solved,id)
  else
   -- a board: of a puzzle or endless, once, max_boards at most, 5 cells a
   -- byte (below 3^5)
   -- (a byte past 3^5: no such id; a byte of cells off a board of
   -- its size (15: endless) a side, in row j\3 or from column j%3*5: blank)
   if (a>0x5ed3) break
   local b={peek(a,45)}
   for j=0,44 do
    if (b[j+1]>242) id=256
    if (max(j%3*5,j\3)>=(puzzle_size[p] or 15)) b[j+1]=0
   end
   if (id<=pz_count or id==255) and not board_clocks[id] and #recent_boards<max_boards then
    board_clocks[id],board_cells[id]=w,b
    add(recent_boards,id)
   end
   a+=45
  end
 end
 persist()
end

-- write the session's progress to the cartdata (not named save:
-- that is a pico-8 command)
function persist()
 max_boards,save_at=design_saved and 3 or 4,0x5e28
 memset(0x5e00,0,256)
 poke2(0x5e04,endless_seed)
 poke2(0x5e06,endless_solved)
 for p in pairs(best) do
  local a=0x5e08+p\8
  poke(a,@a|1<<p%8)
 end
 poke(0x5e27,@0x5e27|options%2*128)
 poke(0x5eff,options&14)
 local o=0
 for id in all{unpack(recent_boards,1,max_boards)} do
  save_entry(id,board_clocks[id])
  poke(save_at,unpack(board_cells[id]))
  save_at+=45
 end
 if design_saved then
  save_entry(255,0xc000+design_size)
  for r in all(design_rows) do
   poke2(save_at,r)
   save_at+=2
  end
 end
 -- (a mark first where the options change, if both fit)
 for id in all(recent_solved) do
  local v=best_options[id-1]
  if (v!=o and save_at<0x5efa) o=v save_entry(255,v|0x8000)
  if (save_at<0x5efd and v==o) save_entry(id,best[id-1]|0x8000)
 end
 -- last, through dset: pico-8 persists pokes to 0x5e00 too, but a
 -- player that saves only on dset still writes the whole save
 dset(0,save_id)
end

-- write an entry's head at save_at (byte id, word w) and move past it
function save_entry(id,w)
 poke(save_at,id)
 poke2(save_at+1,w)
 save_at+=3
end
