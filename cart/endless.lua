-- endless: a random 15x15 sprite as generator/puzzles/sprites.py
-- draws them (half-widths from the middle column by a random walk,
-- body likelier inside than on the edge, a wide row, legs, eyes;
-- mirrored, specks dropped, outlined), redrawn until the line solver
-- completes it. the work runs in a coroutine a little each frame;
-- the seed is saved so a puzzle left half done comes back the same.
-- each puzzle is in the next world's colours and music (ew), by the
-- count solved
ew=1

-- a random whole number 0..n-1
function ri(n)
 return rnd(n)\1
end
-- (s: the seed of a share code, in place of the board in progress)
function startendless(s)
 cur,sz,ew=-2,15,nend%#worlds+1
 if (not inrb(255)) eseed=ri(32767)
 if (s) drop() eseed,hist[255]=s
 srand(eseed)
 gen=cocreate(function()
  repeat
   -- body rows t..u, half-width w (at least o), wide on row a,
   -- legs below row l at k, eyes on row v at j
   local b,t,w,o,k={[0]=0},ri(3)+2,ri(5)+1,rnd()<.7 and 1 or 0
   local u,j=16-t,ri(5)+1
   local a,l,v,x=ri(u-t)+t,rnd()<.5 and u-ri(2)-2 or 99,ri(5)+t+1,1<<7+j|1<<7-j
   for y=1,16 do
    b[y]=0
    w=mid(o,w+ri(5)-2,6)
    local z=y==a and 6 or w
    if (y==l) k=min(j,max(1,z))
    for d=0,6 do
     if (y>=t and y<=u and (y>l and d==k or y<=l and (d<1 or rnd()<(d<z and .7 or d==z and .35 or 0)))) b[y]|=1<<7+d|1<<7-d
    end
   end
   -- (the cells beside row y's: left, right, above, below)
   local function nbr(y) return b[y]<<1|b[y]>>1|b[y-1]|b[y+1] end
   for y=1,15 do b[y]&=nbr(y) end
   for y=1,15 do sol[y]=nbr(y)|b[y] end
   local n=x<<1|x>>1
   if ((b[v-1]&b[v+1]&x|b[v]&n)==x|n) sol[v]&=~x
   newboard()
   local f,e=zeros()
   yield()
  until solve(rc,cc,f,e,{})=="solved"
 end)
 go"endless"
end

function eupd()
 coresume(gen)
 if costatus(gen)=="dead" then
  play()
 end
end

-- while it works: the empty grid with a wave of cells
function edrw()
 usepal(ew)
 camera(-27,-27)
 each(function(x,y)
  rectfill(x*5,y*5,x*5+3,y*5+3,(x+y-sf\2)%20<3 and 4 or 1)
 end)
 camera()
 ct("making a puzzle",110,10)
end
