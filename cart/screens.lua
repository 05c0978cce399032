-- screens: title, world select, puzzle select (play, solved and
-- endless are in their own files); main.lua's screens table lists them.

-- world w's colours (palette: its record): art=true leaves the draw
-- palette alone (for its art), else ui colours; fills the screen with
-- the backdrop colour. (pal() leaves colour 0 transparent: only
-- backdrop's sspr, on its backdrop, draws what palt would change)
function use_palette(w,art)
 palette_world,palette=w,worlds[w]
 pal()
 pal(palette.pal,1)
 if (not art) pal(palette.ui) rectfill(0,0,127,127,0)
end

-- world w's screen (use_palette) with its backdrop strip from the
-- spritesheet at y, drawn in the art's own colours (use_palette's art);
-- d: subdued, behind clues and text (its colours keep theirs readable)
function backdrop(w,y,d)
 use_palette(w)
 use_palette(w,1)
 if (d) pal(palette.dim)
 sspr(palette.bx,palette.by,palette.bw,palette.bh,0,y)
 pal(palette.ui)
end

-- text centred on x (the screen's middle if nil)
function print_centred(s,y,c,x)
 print(s,(x or 64)-#s*2,y,c)
end

-- a filled square, s px a side, its corner at x,y
function square(x,y,s,c)
 rectfill(x,y,x+s-1,y+s-1,c)
end

-- a screen's fixed texts as data: records "text|y|colour|x" apart
-- by "/", each centred on x, the middle if left out (a glyph counts
-- 4 px there: 8 wide)
function print_texts(s)
 for r in all(split(s,"/")) do print_centred(unpack(split(r,"|"))) end
end

-- title: "picross8" in filled cells over the first world's backdrop
-- (x: the on-screen menu, the options)
function title_update()
 if (pressed(4)) go"worlds"
 if (pressed(5)) menu(1)
end
function title_draw()
 backdrop(1,104)
 -- the logo as a solved board: 31x7 cells of 4 px, the grid a fill
 -- pattern (bits set on column 2 and row 2 of each 4x4 tile: the
 -- lines at x,y = 2, 6, 10...) in 2 over the paper 1
 fillp(0x22f2)
 rectfill(2,18,126,46,0x21)
 fillp()
 -- (letter k, its 3x5 cells as bits: bit b the cell in column b%3
 -- and row b\3; c: the cell's column in the logo, from 0; the 8 in 10)
 for k,l in ipairs(split"5103,29847,29263,23275,31599,31183,31183,31727") do
  for b=0,14 do
   -- filled in column by column as the title appears
   local c=k*4-4+b%3
   if l>>b&1==1 and c<screen_frames then
    square(3+c*4,23+b\3*4,3,k==8 and 10 or 4)
   end
  end
 end
 -- the controls, at once: a player reads them while the logo fills
 -- (print_centred counts the button glyphs as 4 px: they are 8)
 -- (the prompts steady: a blinking prompt caught off at a glance reads
 -- as missing)
 print_texts"picture logic, 5x5 to 15x15|52|6/\142 fill   \151 cross|60|13|60/hold while moving: paint|67|13/double tap jumps: in options|74|13/\142+\151 menu: hint, options|81|13|60/in a puzzle left+right: undo|88|13/press \142  \151 options|97|10"
end

-- world select: left/right between worlds, endless and create (its
-- page: up/down choose create_choice of create_labels, o opens the
-- editor at that size, create_choice*5, or the code screen)
world_index,top_row,create_choice,create_labels,list_at=1,0,2,split"5x5,10x10,15x15,enter a code",{}
-- (a click on the arrows at the sides turns too)
function worlds_update()
 local n,l,r,o=#worlds+2,pressed(0),pressed(1),pressed(4)
 if mouse_buttons&1>0 and o and (mouse_x<24 or mouse_x>103) then
  l,r,o=mouse_x<24,mouse_x>103
 end
 -- (both: a step back and one on)
 if (l or r) sfx(5)
 world_index=(world_index-(l and 2 or 1)+(r and 1 or 0))%n+1
 world=worlds[world_index]
 if (pressed(5)) go"title"
 if world_index>=n then
  -- (b*2-5: up -1, down 1)
  for b=2,3 do
   if (pressed(b)) create_choice=mid(1,create_choice+b*2-5,4)
  end
  if o then
   (create_choice>3 and code_entry or edit)()
  end
 elseif o then
  if world then
   -- on its board in progress, if any, else where its list was left
   -- this session (list_at; picross s comes back to the puzzle last
   -- played), else its first puzzle, and from there the first unsolved
   -- (never past its last: the list draws it before puzzles_update keeps
   -- the cursor in the world, and past lookout's last is no puzzle); the
   -- board in progress, if any, taken last, over the rest
   puzzle_index=list_at[world_index] or world.first
   while best[puzzle_index] and puzzle_index<world.last do puzzle_index+=1 end
   puzzle_index=world_in_progress() or puzzle_index
   go"puzzles"
  else
   start_endless()
  end
 end
end

-- world world_index's most recent board in progress: its puzzle, p
-- (nil: none)
function world_in_progress()
 for id in all(recent_boards) do
  if (puzzle_world[id-1]==world_index) return id-1
 end
end
function worlds_draw()
 backdrop(world and world_index or 1,48)
 -- (the prompt at the foot too, clear of the rest: y 108)
 print_texts"choose a world|8|13/<|22|13|6/>|22|13|123/\142 play  \151 back|108|10"
 -- a world (world: its record), else the create page past endless
 if world then
  local k,t,s=world_in_progress(),solved_count()
  -- (as print_texts' records: a title, of a-z 0-9 space ' ! . - and
  -- never a number (worlds.py), and "no. 5" hold no "|" or "/"; t,
  -- "5/127", does)
  print_texts(world.title.."|22|10")
  print_centred(t.." solved",32,6)
  if (k) print_texts(puzzle_name(k).." in progress|92|13")
  -- progress bar
  -- (the part solved in the text colour on a track it stands out
  -- from in every world: tests/cart/test_cart_marks_contrast.py)
  rectfill(24,84,104,86,15)
  if (s>0) rectfill(24,84,24+80*s\world.count,86,10)
 elseif world_index>#worlds+1 then
  print_texts"create|22|10/draw a puzzle or enter a code|32|6"
  -- (the size the design is at says so, saved or kept for the
  -- session: a player back at the 15x15 editor, blank, took their 5x5
  -- heart for lost)
  for k=1,4 do
   print_centred((k==create_choice and "> " or "")..create_labels[k]..(design_size==k*5 and design_filled() and " - your design" or ""),68+k*8,k==create_choice and 10 or 6)
  end
 else
  print_texts("endless|22|10/new puzzles, made here|32|6/"..endless_solved.." solved|84|6")
 end
end

-- puzzles of world world_index solved, as text (solved/all), and
-- their number
function solved_count()
 local s=0
 for p in pairs(best) do
  if (puzzle_world[p]==world_index) s+=1
 end
 return s.."/"..world.count,s
end

-- puzzle p's difficulty, its pips (1-5, the high nibble of its byte in
-- the rom's table at pz_base: play.lua) as dots 3 px apart from x+3,y
-- in colour c: only the dots it has, so that none reads as empty or
-- merges into a border (c: 3:1 or more against the ground, held by
-- tests/cart/test_cart_marks_contrast.py)
function pips(p,x,y,c)
 for j=1,peek(pz_base+p)\16 do square(x+j*3,y,2,c) end
end

-- puzzle select: 7 tiles a row; a solved tile shows its picture,
-- an unsolved one its number, difficulty and, top right in pico-8's
-- font (in the clue digits 15 read as "is"), its size (5, 10, 15); a
-- picture puzzle's tile has a corner mark (the glyph 24, the
-- footer's beside "picture")
-- (the pointer picks the tile under it, a click opens it)
function puzzles_update()
 -- (k: the puzzle of the tile under the pointer, nil off the tiles;
 -- i: the puzzle chosen, kept in the world's first..last below)
 local x,y,i=mouse_x-1,mouse_y-12,puzzle_index
 local k=world.first+(y\18+top_row)*7+x\18
 -- (x\126|y\90: 0 only with x in 0..125 and y in 0..89)
 if (x\126|y\90!=0 or max(x%18,y%18)>16 or k>world.last) k=nil
 for b=0,3 do
  if pressed(b) then
   i+=split"-1,1,-7,7"[b+1]
   sfx(5)
  end
 end
 if (k and mouse_moved) i=k
 puzzle_index=mid(world.first,i,world.last)
 if (pressed(5)) list_at[world_index]=puzzle_index go"worlds"
 -- (a click opens only the tile it is on)
 if (pressed(4) and (mouse_buttons&1<1 or k==i)) load_puzzle(puzzle_index) play()
end

-- the camera on tile k's corner (k: its number in the world from 0; 7
-- tiles of 18 px a row, the page's first row top_row, at 1,12)
function tile_camera(k)
 camera(-1-k%7*18,-12-(k\7-top_row)*18)
end

-- the page of tiles is drawn into upper memory when it changes (a
-- new world or scroll), its solved pictures 7 a frame (thumbs_queued: the
-- drawings to come, as functions); the cursor's frame and the lines below
-- go over it
function puzzles_draw()
 use_palette(world_index)
 local i=puzzle_index-world.first
 local t=max(0,min(i\7-2,world.last_tile\7-4))
 local f=redraw or t!=top_row
 if f then
  top_row,thumbs_queued,redraw=t,{}
  print(world.title,2,2,10)
  print(solved_count(),66,2,13)
  for k=top_row*7,min(top_row*7+34,world.last_tile) do
   -- (c: an unsolved tile's ink, the fill 4 on paper 1 in a grid
   -- border 2; a board in progress (board_cells[id] set): the whole
   -- tile the fill, its ink paper: border 4-c\2, inside 5-c)
   -- (drawn with the camera on the tile's corner, tile_camera)
   -- (n: its size)
   local p=world.first+k
   local c,n=board_cells[p+1] and 1 or 4,puzzle_size[p]
   tile_camera(k)
   square(0,0,17,4-c\2)
   square(1,1,15,best[p] and 1 or 5-c)
   if best[p] then
    -- its picture, drawn later (below): in its colours, 3 px a cell
    -- at 5x5, 1 px otherwise, centred in the tile's 15 px (o: its
    -- margin, 1 px but 3 at 10x10; the camera on the tile again: the
    -- cursor's frame below sets it next)
    add(thumbs_queued,function()
     local s,o=15\n,n==10 and 3 or 1
     shade(puzzle_rows[p],n,pz_cols[p+1])
     tile_camera(k)
     for j,v in pairs(picture_colours) do
      square(o+j%16*s,o-s+j\16*s,s,v)
     end
    end)
   else
    print_centred(k+1 .."",7,c,9)
    print(n,12-n\10*4,1,c)
    pips(p,-1,13,c)
    if (pz_names[p+1]!="") print("\24",1,1,c)
   end
  end
  camera()
  -- a scroll bar when the rows (n: the last tile's row +1) do not all
  -- fit
  local n=world.last_tile\7+1
  if (n>5) rectfill(127,12+top_row*89\n,127,12+(top_row+5)*89\n,7)
 else
  memcpy(0x6000,0x8000,0x2000)
 end
 -- pictures are drawn in their slots: no draw palette (all of
 -- them at once without upper memory: nothing is kept); the page
 -- is kept again only when it changed (f: drawn afresh)
 if f or thumbs_queued[1] then
  use_palette(world_index,1)
  for _=1,no_upper_memory and 35 or 7 do
   if (thumbs_queued[1]) deli(thumbs_queued,1)()
  end
  pal(world.ui)
  memcpy(0x8000,0x6000,0x2000)
 end
 -- the cursor: a frame in the text colour round the tile, in the
 -- backdrop's 1 px between the tiles (it stands out from the
 -- backdrop as text does, whatever the tile)
 -- (b: its best time)
 local b=best[puzzle_index]
 tile_camera(i)
 rect(-1,-1,17,17,10)
 camera()
 -- a picture's name shows once it is solved
 print(puzzle_name(puzzle_index,b),2,112,10)
 -- its size and kind (a picture with the tiles' corner mark), or
 -- once solved the options its best time was made with (options&6, the
 -- label at that place: 2 check, 4 cross, 6 both; 0 none and nil, no
 -- such entry, find no label)
 local s=split",aids: check,,aids: cross,,aids: both"[best_options[puzzle_index]] or create_labels[puzzle_size[puzzle_index]\5]..(pz_names[puzzle_index+1]!="" and " \24 picture" or "")
 print(s,127-#s*4,112,6)
 -- its difficulty, the tiles' pips, named; and how to go back (drawn
 -- every frame, over the kept page)
 print_texts"difficulty|120|6|90/\151 back|2|13|108"
 pips(puzzle_index,110,121,10)
 print(b and (b>0 and "best "..clock(b) or "solved") or board_cells[puzzle_index+1] and "in progress" or "unsolved",2,120,13)
end

