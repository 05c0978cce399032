-- save: progress in the cartdata memory, 256 bytes at 0x5e00 (the
-- 64 dget/dset numbers; poking them persists as dset does).
-- byte 0-1  puzzle in progress: 0 none, p+1 for puzzle p, -1 endless
-- byte 2-3  seconds spent on it so far
-- byte 4-5  endless: seed of the puzzle in progress
-- byte 6-7  endless: puzzles solved
-- byte 8-64 its board, 4 cells a byte: cell i=y*15+x in byte 8+i\4,
--           bits 2*(i%4): 0 blank, 1 filled, 2 crossed
-- byte 65+  6 bits a puzzle: puzzle p in bits p*6.. counted from
--           byte 65 bit 0; 0 unsolved, else 1 + best time\30 s
--           (63 at most): room for 254 puzzles
-- the game calls the endless puzzle -2, so slot 0 holds cur+1.

-- best time code of puzzle p (0 = unsolved); with b, set it first
function rec(p,b)
 -- (past puzzle 253 nothing is kept: bytes beyond 0x5eff are not saved)
 if (p>253) return 0
 local a,s=0x5e41+p*6\8,p*6%8
 if (b) poke2(a,peek2(a)&~(63<<s)|b<<s)
 return peek2(a)>>s&63
end

-- remember the board in progress
function saveboard()
 poke2(0x5e00,cur+1,tf)
 for i=0,56 do
  local v=0
  for k=3,0,-1 do v=v*4+(g[i*4+k] or 0) end
  poke(0x5e08+i,v)
 end
end

-- the saved board, if it belongs to puzzle p
function loadboard(p)
 if (peek2(0x5e00)!=p+1) return
 local b={}
 for i=0,224 do b[i]=peek(0x5e08+i\4)>>i%4*2&3 end
 tf=peek2(0x5e02)
 return b
end
