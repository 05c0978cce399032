-- save: progress in cartdata, 64 numbers of 32 bits.
--  0      puzzle in progress: 0 none, p+1 for puzzle p, -1 endless
--         (the game calls endless puzzle -2)
--  1      seconds spent on it so far
--  2      endless: seed of the puzzle in progress
--  3      endless: puzzles solved
--  4-18   its board, a row a number: cell x in bits 2x,2x+1
--         (0 blank, 1 filled, 2 crossed; bit 0 = lowest fraction bit)
--  19-63  a byte per puzzle, 4 a number (puzzle p: number 19+p\4,
--         bits 8*(p%4)..+7): 0 unsolved, else best time in 5 s units
-- bits are counted over the whole 16.16 value, fraction bits first.

-- w-bit field at bit s of v, and v with that field set to b
function fget(v,s,w)
 return v>>>s<<16&(1<<w)-1
end
function fset(v,s,w,b)
 local m=((1<<w)-1)>>16<<s
 return v&~m|b>>16<<s&m
end

-- best time code of puzzle p (0 = unsolved)
function rec(p,b)
 local i,s=19+p\4,p%4*8
 if (b) dset(i,fset(dget(i),s,8,b))
 return fget(dget(i),s,8)
end

-- remember the board in progress
function saveboard()
 dset(0,cur+1)
 dset(1,flr(tf/30))
 for y=0,14 do
  local v=0
  for x=0,14 do v=fset(v,2*x,2,g[y*15+x]) end
  dset(4+y,v)
 end
end

-- the saved board, if it belongs to puzzle p
function loadboard(p)
 if (dget(0)!=p+1) return
 local b={}
 for y=0,14 do
  for x=0,14 do b[y*15+x]=fget(dget(4+y),2*x,2) end
 end
 tf=dget(1)*30
 return b
end
