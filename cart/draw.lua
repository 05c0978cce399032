-- draw: the play screen. colours are screen slots whose meaning is
-- the same in every world (the world's display palette gives the hue):
-- 0 backdrop, 1 paper, 2 grid, 3 guide line, 4 fill, 5 cross,
-- 6 clue, 7 dim clue, 8 highlight, 9 cursor, 10 text, 11-14 picture
-- roles (shade: 11 lit, 12 body, 13 half-lit, 14 shadow; 11 is also
-- remapped to draw a picture's own colours), 15 highlight behind the clues.
-- board_corner: the board's top left corner's x and y, alike (the board
-- stands on the screen's diagonal): 52 (set by play(); the solved
-- screen slides it)

-- clue digits: bit w*row+column of a font's entry d+1 is a pixel of digit d,
-- its 11th the columns' 11, two bars (a bar and a 1 read as "1 1" or "h";
-- 0 in the 4x4 font, whose 11 is drawn as 10-15 are),
-- its 12th the font's height less 1, its 13th its width w; the rows' font's
-- 14th-29th how far each of 0-15 moves a row's next number left (its width
-- and 1 px).
-- the digits of 15x15 rows too long for two tiers, digit_bits_wide, are 4x4
-- px, so that rows of clues 5 px apart do not touch, and 4 px wide: a 3x4 8
-- read as a 6, a 0 or a 3 in every shape tried, and 2, 3, 5 and 6 as z, 5,
-- 3 and b; at 4 px the 8 is a loop
-- pinched at its waist, the 0 an oval, the 6 topped by a hook, the 1 a flag,
-- a stroke and a foot, 3 px (a row of footless 1s, strokes alike as a
-- fence's, was counted one 1 too many); the 3 a flat top, a stroke to its middle and
-- a bowl, open on the left, the 5 a flat top over its top-left corner (a 3
-- as a backwards c read as a 5 or a 2).
-- column numbers are 3x5 digits (digit_bits_tall), on lines 7 px apart
-- or 6 (see draw_clues), in the shapes of pico-8's own font, an 8 with its two holes,
-- every two 2 px apart or more (pico-8's 0 and 8 are 1 px apart, and 8
-- was read as 0): the 0 an oval, the 6 a top curling off its stem (not a
-- b; a short flat top, 2 px from the 8, read as an 8), the 9 a short tail
-- (not a 4 or a 5) (its 14th-29th: a row's advance for
-- 0-15, as the rows' font's); digit_bits_readout, the readouts',
-- digit_bits_tall but for a 1 3 px on (its ink 2 px; its 15th), that a long
-- clue ends 10 px or more short of the column bands (their stripes
-- beside a run of 1s were counted as one more 1)
digit_bits_wide,digit_bits_tall,digit_bits_readout=split"27030,29234,-2425,30799,17653,-14561,-234,9359,-1681,-29025,0,3,4,5,4,5,5,5,5,5,5,5,5,8,7,8,8,8,8",split"11114,9370,29671,31143,18925,31183,31690,9511,31727,27119,23405,4,3,4,4,4,4,4,4,4,4,4,4,6,6,6,6,6,6",split"11114,9370,29671,31143,18925,31183,31690,9511,31727,27119,23405,4,3,4,3,4,4,4,4,4,4,4,4,6,6,6,6,6,6"

-- a clue number in font clue_font. in the 4x4 rows' font (w 4) 10-15 are
-- its 1 (a stroke and its flag, a px left), a 1 px gap and a digit, 11 too
-- (a bar and a digit read as one "compressed glyph", two bars as "ii"); in
-- the 3 px wide fonts (the 3x5 one of columns and rows, the readouts'),
-- 5 px for a column, a bar,
-- a 1 px gap and a digit, but 11
-- as two bars 1 px apart in the middle of its 5 px (a: the stroke's x)
function draw_number(v,x,y,c)
 local h,w=unpack(clue_font,12)
 local a=w-3
 if v==11 and a<1 then
  x+=1 v=10
 elseif v>9 then
  line(x+a,y,x+a,y+h,c)
  pset(x,y+a,c)
  x+=w-1 v-=10
 end
 for b=0,15 do
  if (clue_font[v+1]>>b&1==1) pset(x+b%w,y+b\w,c)
 end
end

-- a line's clue t (its placed runs d, nil: none) left to right in clue_font, its
-- top at y, its right end at x; numbers stand apart by more than the
-- 1 px inside "15" (between boxes: gap+1): in the rows (w 126) 6 px in a
-- row of up to 5, 4 of 6, 3 of 7, 2 of 8, so that a row of 1s starts
-- further from the screen's edge than its 1s stand apart (an edge as far
-- from the first 1 as the 1s were apart was counted as one more 1); in
-- the readouts (w 140, 3x5 digits in 42 px) 6 px in a row of up to 5,
-- 4 of 6, 3 of 7 or 8. without y it draws nothing: the x it returns, its
-- first number's left edge, tells how far left the clue reaches
function draw_line_clue(t,x,w,y,d)
 t=shown_clue(t)
 local gap=min(5,w\#t\#t)
 for j=#t,1,-1 do
  local v=t[j]
  x-=clue_font[v+14]
  if (y) draw_number(v,x,y,d and d[j] and 7 or 6)
  x-=gap
 end
 return x+gap
end

-- seconds as m:ss
function clock(s)
 s\=1
 return s\60 ..":"..sub("0"..s%60,-2)
end

-- a clue to show: an empty line shows 0
function shown_clue(t)
 return #t>0 and t or {0}
end

-- clues of the rows and columns, the cursor's marked, a number dim
-- once its run is placed (placed_runs: a line that matches its clue has every
-- run placed; a 0, an empty line, once every cell of it is crossed).
-- numbers stand apart by more than the 1 px inside "15" (draw_line_clue's
-- gaps, to fit), so that a run of 1s can be
-- counted and "1 11 1" is not read as "1 1 1 1". column numbers stand
-- over the board, each in its own column: a two-digit number (5 px)
-- fills its 15x15 column. on 10x10 and 15x15
-- every other column is a band (9) as wide as its cell from the screen's
-- top to the board (board_size\10: 0 on 5x5, whose columns stand 12 px
-- apart; a band narrower than its column was taken for a hint), the
-- cursor's a band of 15 its cell wide, or where 15x15 tiers share lines 7 px
-- (its numbers drawn as all others), so that a line of single digits reads
-- as columns, not a string;
-- 15x15 columns stand in two tiers: every other column's stack (the
-- banded ones) is lifted over the tallest of the others (h[1]), so that
-- no number has a neighbour on its line (side by side, "6 10" read as
-- "610", "11 10" as "1110", a fence of 11s could not be counted), and
-- 2 px more (.4 of a line, floored to whole px), so that its last number
-- stands further from its neighbours' first than a column's numbers stand
-- from each other (a line over them, 2 px off both ways, "6 / 8 / 2" was read
-- as one column, a lifted 13 as the top of its neighbour's "7 4"); or
-- where the two pass 8 lines as far as 8 lines allow (the lines both
-- tiers share then hold numbers side by side; h[0]: the tallest banded
-- stack). there a two-digit number stands on a plate of its column's
-- colour 1 px wider either side, so that its gaps show its column's
-- colour (on its band alone "5 10 2" read as "5102"; with no neighbour on
-- its line a plate was taken for the number spilling over its neighbour's
-- stripe), and of two of 10, 12-15 side by side on a line, which would
-- touch, the right one's stack is lifted a line more (u: each column's
-- lift; w: the line of the last column's two-digit number).
-- column lines are 7 px apart (p), or on a board whose stacks reach past
-- 7 lines and 2 px (the tiers' tallest 8 lines or more: at 7 px the top
-- would be off the screen) 6 px, every column alike so that their lines
-- stay level (the lift is 2 px, not half a line, because at 3 px tiers of
-- 7 lines would need 6 px lines, where readers glancing at them miscounted
-- stacks of 1s and 2s and took a 6's top 1 px under a 2 for a stray dot:
-- build.py names the boards on 6 px lines); in 3x5 digits either way: at 6 px a
-- column's numbers stand 1 px apart, nearer than neighbouring columns'
-- single digits stand across (2 px), so that they read as its stack,
-- not as a row
function draw_clues()
 -- (reach[k]: how far left of its end the furthest reaching clue of
 -- tier k (0 the left tier, 1 the right, at the board) reaches in 3x5
 -- digits: to its first number's edge, not a gap past it (a right tier
 -- of 8 numbers, 1 px apart, would end the left tier inside its first).
 -- every left-tier row ends at board_corner-1+reach[1]-3 (48+reach[1];
 -- an end is 1 px past the ink: 4 px of background), so that both tiers
 -- stand as straight columns (a left tier ending wherever its two
 -- neighbours allowed staggered into a staircase: two readers shown both
 -- chose the straight one, "3" under "2 7 2" read as "3 2 7 2"). its
 -- furthest first number stands 2 px or more from the screen's edge
 -- where reach[0]+reach[1]>-47 (fit), and 8 px where a clue of two numbers or
 -- more whose first is a 1 is measured from 6 px further left (a row of
 -- 1s must start further in than they stand apart). the left tier is the
 -- even rows, or where they do not fit, the odd ones (flip 1: the rule
 -- for a clue starting with a 1 then falls on the others); where neither
 -- fits, flip goes on to 2, which is 0 again for the 4x4 rows below)
 local o,p,u,h,flip,reach,fit,w=(cell_px-3)\2,7,{},{[0]=1,1},-1
 -- column i's band, or a plate of it, from y t to b, e px either side of
 -- its digits (x-e to x+e+2, x: its digits' left edge), in its colour: 9
 -- every other column on 10x10 and 15x15, the cursor's 15, else 0
 local function column_band(i,e,t,b)
  local x=i*cell_px+o
  rectfill(x-e,t,x+e+2,b,i==cursor_x and 15 or i%2*board_size\10*9)
 end
 -- (all drawn with the camera on the board's corner, cell_camera: x,y in
 -- board px)
 cell_camera(0,0)
 clue_font=digit_bits_tall
 repeat
  flip+=1
  reach={[0]=0,0}
  -- (r: row i's clue; row_clues holds the board's rows alone; k: 0 on
  -- the left tier)
  for i,r in ipairs(row_clues) do
   local k=(i+flip)%2
   h[i%2]=max(h[i%2],#col_clues[i])
   reach[k]=min(reach[k],draw_line_clue(r,r[k*9+2] and r[1]==1 and -6 or 0,126))
  end
  fit=reach[0]+reach[1]>-47
 until fit or flip>1
 local shared,tiers=h[0]+h[1]>8,board_size>14 and fit
 for i=0,board_last do
  -- (t: its clue as shown, an empty line's 0 a line of its stack: seven 0s
  -- lifted over a stack of 7 stood off the screen on 7 px lines)
  local t,s,q=shown_clue(col_clues[i+1]),board_size\15*i%2*(shared and 8-h[0] or h[1]+.4)
  for j,v in ipairs(t) do
   if (v>9 and v!=11) q=#t-j
  end
  if (q and q+s==w and cell_px<7) s+=1
  w,u[i]=q and s+q,s
  if (s+#t>7.5) p=6
  column_band(i,o,-board_corner,-2)
 end
 -- the cursor's column band its cell wide (o either side of its digits),
 -- and where tiers share lines 7 px, 2 px either side (column_band's e), under its neighbours'
 -- two-digit plates: on a band 5 px wide, a lit digit 1 px from its
 -- neighbours read as theirs ("14841", "3 2")
 column_band(cursor_x,shared and 2 or o,-board_corner,-2)
 for i=0,board_last do
  -- rows with room (5x5, 10x10: cells of 15 and 7 px) are in the
  -- columns' 3x5 digits, the ones a reader knows from pico-8's font, and so
  -- are 15x15 rows, 5 px apart, in two tiers (below); else in the 4x4 ones.
  -- numbers are centred in their cell
  local k=i*cell_px
  clue_font=(cell_px>5 or tiers) and digit_bits_tall or digit_bits_wide
  -- 15x15: every other row's clues on a band (9, as the columns') its
  -- cell high, so that rows 1 px apart read as rows: the left tier's
  -- ((i+flip)%2 1), whose clues stand furthest from the board (on a board
  -- with the odd rows left they stood on the bare backdrop, the rows by
  -- the board on the bands); the cursor's row at
  -- every size a band of 15 its cell high. every band runs from the
  -- screen's edge: a band's edge 5 px left of a row's first number was
  -- counted as one more 1. 15x15 rows in two tiers: every other row's clue
  -- (the left tier, (i+flip)%2 1) ends 4 px left of the furthest reaching
  -- right-tier row (reach[1]), so that no number stands over or under a
  -- number of the row beside it (in 4x4 digits 8 read as 3, 6 as 5, 2 as
  -- 3); where a left-tier row would come nearer the
  -- screen's edge than 2 px, or 8 px for a clue whose first number is a 1
  -- (a row of 1s must start further in than they stand apart: such a clue
  -- is measured 6 px wider), the board's
  -- rows are in 4x4 digits and every other row's clue ends 2 px
  -- further left (board_size\15: 1 on 15x15, else 0), so that digits 1 px
  -- apart up and down do not stack into one tower (read alone, 2s, 3s and
  -- 5s down a column of rows were taken for one another)
  rectfill(-board_corner,k,-1,k+cell_px-1,i==cursor_y and 15 or board_size\15*(i+flip)%2*9)
  draw_line_clue(row_clues[i+1],(i+flip)%2*(tiers and reach[1]-3 or -board_size\15*2)-1,126,k+(cell_px-clue_font[12])\2,placed_runs[i+1])
  local t,d,x,y=shown_clue(col_clues[i+1]),placed_runs[i+16] or {},k+o,-p-p*u[i]\1
  clue_font=digit_bits_tall
  for j=#t,1,-1 do
   local v=t[j]
   if (v>9 and v!=11 and shared) column_band(i,2,y-1,y+p-2)
   draw_number(v,x-v\10,y,d[j] and 7 or 6)
   y-=p
  end
 end
 camera()
end

-- the solved picture's colours as world slots, picture_colours[y*16+x] for the
-- filled cells of rows m[1..n] (y from 1; m[n+1] nil or 0, as every row of
-- m past n: a design's and a code's 15 rows, 0 past their size). s: its own colours from
-- pz_cols, a character chr(48+slot) per filled cell in reading order
-- (ord past the end is not asked: players differ on it).
-- without them ("") it is lit from the top left, in the picture roles
-- of palette's world (use_palette's): 14 where the cell's right or lower side is open,
-- else 11 where its left or upper side is, else 13 where the cell
-- below and right is open, else 12 (twin: generator/render/colouring.py);
-- or all f (a player's own drawing, board 0: a design, a typed code, in
-- its inside's colour; on a 5x5 heart, where every cell is an edge, the
-- rule's four colours read as patchwork). the rule as a table, t, of the
-- four: its index's bits 1 where the left and upper cells are filled, 2
-- where the right and lower ones are, 4 where the one below and right is
-- (8 added: the table's first 7 are never read)
function shade(m,n,s,f)
 picture_colours={}
 local k,t=1,split"0,0,0,0,0,0,0,14,14,11,13,14,14,11,12"
 for y,r in ipairs(m) do
  -- (r: the row, a: the one above, d: below)
  local a,d=m[y-1] or 0,m[y+1] or 0
  for x=0,n-1 do
   if r>>x&1>0 then
    picture_colours[y*16+x]=#s>0 and ord(s,k)-48 or palette.ui[f or t[(r<<1&a)>>x&1|(r&d<<1)>>x&2|d<<1>>>x&4|8]]
    k+=1
   end
  end
 end
end

-- the camera on cell x,y's corner (0,0: the board's)
function cell_camera(x,y)
 camera(-board_corner-x*cell_px,-board_corner-y*cell_px)
end

-- the board; r = how far the solved picture has been revealed (0 none).
-- drawn with the camera on the board's corner (board_corner): x,y in board px
function draw_board(r)
 local e=cell_px-2
 cell_camera(0,0)
 if r<30 then
  rectfill(0,0,board_px,board_px,1)
  for i=0,board_size do
   local c,k=i%5==0 and 3 or 2,i*cell_px
   line(k,0,k,board_px,c)
   line(0,k,board_px,k,c)
  end
 else
  -- the finished picture hangs in a thin frame
  rect(-3,-3,board_px+3,board_px+3,3)
 end
 each(function()
  -- (drawn with the camera on the cell's corner; c: the colour of
  -- its inside, the highlight 8 in the cursor's row and column;
  -- picture_colours[cell_row*16+cell_x]: its colour, rows from 1)
  local q,c=cells[cell_index],r==0 and (cell_x==cursor_x or cell_y==cursor_y) and 8
  cell_camera(cell_x,cell_y)
  if q==1 then
   -- a revealed cell in its slot: role 11 drawn as that slot
   c=4
   if (cell_x+cell_y<r) c=11 pal(11,picture_colours[cell_row*16+cell_x])
   if (r>=30) square(0,0,cell_px+1,c)
  end
  if (c) square(1,1,e+1,c)
  if q==2 and r==0 then
   line(1,1,e,e,5)
   line(e,1,1,e,5)
  end
 end)
 -- the cursor, steady, in two colours the build picks for each world
 -- (contrast_gate.py's cursor_frame): on its cell's grid lines a frame
 -- 3:1 from grid and guide lines, and round it, on its neighbours' edges,
 -- a ring 3:1 from filled cells and from the frame. a frame blinking
 -- between two colours vanished into the grid in one of them
 cell_camera(cursor_x,cursor_y)
 if r==0 then
  -- (j: 0 the frame, on the grid lines, 1 the ring round it; neither
  -- covers the other)
  for j=0,1 do rect(-j,-j,cell_px+j,cell_px+j,palette.cursor_frame[j]) end
  -- the length of the stroke being painted (s), by the cursor as picross
  -- s shows it (by the clock, a player counted presses instead): the
  -- cells from its first to the cursor along its line, from its second
  -- cell on, in the clue digits on a plate 7 px square off the stroke's
  -- row and column: up and left of the cursor's cell, or down or right
  -- of it where that would reach off the board, over the clues (on the
  -- first row or column, or the second of 5 and 7 px cells), where it
  -- read as one. as the questions' box: text 10 on 15. (in clue_font as
  -- play_draw left it, whose digits are the clues' 3x5 ones)
  local s,x,y=paint_button and max(abs(cursor_x-stroke_x),abs(cursor_y-stroke_y))+1 or 0,cursor_x*cell_px>8 and -9 or cell_px+2,cursor_y*cell_px>8 and -9 or cell_px+2
  if s>1 then
   square(x,y,7,15)
   draw_number(s,x+2-s\10,y+1,10)
  end
 end
 camera()
end
