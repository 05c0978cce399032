-- endless: a random 15x15 sprite as generator/puzzles/sprites.py
-- draws them (half-widths from the middle column by a random walk,
-- body likelier inside than on the edge, a wide row, legs, eyes;
-- mirrored, specks dropped, outlined), redrawn until the line solver
-- completes it. the work runs in a coroutine a little each frame;
-- the seed is saved so a puzzle left half done comes back the same.
-- each puzzle is in the next world's colours and music (endless_world), by the
-- count solved
endless_world=1

-- a random whole number 0..n-1
function rand_int(n)
 return rnd(n)\1
end
-- (s: the seed of a share code, in place of the board in progress. a
-- board in progress keeps its seed: 255 in recent_boards, which
-- generator/playtest/endless.py sets to draw a code's puzzle as here)
function start_endless(s)
 mode,board_id,board_size,board_last,endless_world="endless",255,15,14,endless_solved%#worlds+1
 if (count(recent_boards,255)<1) endless_seed=rand_int(32767)
 if (s) drop() endless_seed,history[255]=s
 srand(endless_seed)
 endless_maker=cocreate(function()
  repeat
   -- body rows t..u, half-width w (at least o), wide on row a,
   -- legs below row l at k, eyes on row v at j (o: 1 at odds of .7:
   -- rnd()\.7 is 0 below .7, else 1); a row's cells d either side of
   -- the middle column 7 are bits 7+d and 7-d, 128<<d|128>>d
   local b,t,w,o,k={[0]=0},rand_int(3)+2,rand_int(5)+1,1-rnd()\.7
   local u,j=16-t,rand_int(5)+1
   local a,l,v,x=rand_int(u-t)+t,rnd()<.5 and u-rand_int(2)-2 or 99,rand_int(5)+t+1,128<<j|128>>j
   for y=1,16 do
    b[y],w=0,mid(o,w+rand_int(5)-2,6)
    local z=y==a and 6 or w
    if (y==l) k=mid(1,z,j)
    for d=0,6 do
     if (y>=t and y<=u and (y>l and d==k or y<=l and (d<1 or rnd()<(d<z and .7 or d==z and .35 or 0)))) b[y]|=128<<d|128>>d
    end
   end
   -- (the cells beside row y's: left, right, above, below)
   local function nbr(y) return b[y]<<1|b[y]>>1|b[y-1]|b[y+1] end
   for y=1,15 do b[y]&=nbr(y) end
   for y=1,15 do solution[y]=nbr(y)|b[y] end
   local n=x<<1|x>>1
   if ((b[v-1]&b[v+1]&x|b[v]&n)==x|n) solution[v]&=~x
   -- (its clues, for the solver; play() sets its board up again)
   new_board()
   yield()
  until solve(row_clues,col_clues,zeros())=="solved"
 end)
 go"endless"
end

function endless_update()
 if (work_on(endless_maker)) play()
end

-- while it works: the empty grid with a wave of cells
function endless_draw()
 use_palette(endless_world)
 each(function()
  square(27+cell_x*5,27+cell_y*5,4,(cell_x+cell_y-screen_frames\2)%20<3 and 4 or 1)
 end)
 print_texts"making a puzzle|110|10"
end
