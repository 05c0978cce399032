-- board: the puzzle being played, board_size x board_size cells (5, 10 or 15) of
-- cell_px px (board_px px in all); board_last = board_size-1, the last
-- row's and column's number (new_board sets it, and start_endless for
-- its first frames, before its board is made).
-- solution[y] = row y-1 of the solution as a bit mask (bit x = column x),
-- cells[y*15+x] = cell x,y (0-based): 0 blank, 1 filled, 2 crossed (the
-- cells off the board stay 0: ask_clear clears the board's alone).
-- solution_cols[x+1] = column x of the solution as a mask (bit y = row y),
-- row_clues/col_clues = row/column clues. lines are numbered k, 1-15 rows, 16-30
-- columns (line_of): line_done[k] = line k satisfied (its clue's key, clue_key, is
-- the clue's).
-- placed_runs[k] = the clue numbers placed on line k,
-- lines_changed[k] set while line k's marks changed since placed_runs[k] was worked out
-- (play_update works them out).
-- no_clues: board_size clues of no line (false), to solve one line alone (placed).

-- a clue as a comparable string
function clue_key(t)
 local s=""
 for v in all(t) do s..=v.." " end
 return s
end

-- mask of the cells of cells equal to v in row i (c nil) or column i
function line_mask(i,v,c)
 local m=0
 for j=0,board_last do
  if cells[c and j*15+i or i*15+j]==v then m|=1<<j end
 end
 return m
end

-- line k (row k-1 up to 15, else column k-16): its clue, and the masks
-- of its fills and its crosses (as placed() takes them)
function line_of(k)
 local i,c=(k-1)%15,k>15
 return (c and col_clues or row_clues)[i+1],line_mask(i,1,c),line_mask(i,2,c)
end

-- f() for each cell of the board, row by row, the cell in the globals
-- cell_x,cell_y (from 0), cell_index (its index in cells) and cell_row
-- (cell_y+1, its row's index in the tables of rows: solution...); no f
-- calls each
function each(f)
 for y=0,board_last do
  cell_y,cell_row=y,y+1
  for x=0,board_last do cell_x,cell_index=x,y*15+x f() end
 end
end

-- two tables of 15 rows of 0: nothing known yet, for solve (or a
-- share code's solution before its cells are set), and a third for
-- solve's sweeps: solve(clues,clues,zeros()) solves from nothing (each
-- split a new table)
function zeros()
 return split"0,0,0,0,0,0,0,0,0,0,0,0,0,0,0",split"0,0,0,0,0,0,0,0,0,0,0,0,0,0,0",{}
end

-- start a puzzle of board_size from solution: its clues, and its board
-- (load_board: the board in progress, else blank; kept: the cells as
-- they are, the editor's design)
function new_board(kept)
 if (not kept) load_board()
 cell_px,board_last=75\board_size,board_size-1
 board_px,row_clues,col_clues,line_done,placed_runs,lines_changed,no_clues,solution_cols=board_size*cell_px,{},{},{},{},{},{},{}
 for i=1,board_size do
  -- column i's mask from the rows (bit y-1 = row y: row y's bit i-1,
  -- shifted right by i, is the fraction bit .5, and .5<<y is bit y-1)
  local m=0
  for y=1,board_size do m|=(solution[y]>>i&.5)<<y end
  row_clues[i],col_clues[i],no_clues[i],solution_cols[i]=line_clue(solution[i]),line_clue(m),false,m
 end
 recheck()
end

-- recheck row y and column x; true when a line became satisfied
function check(x,y)
 local r
 for k in all{y+1,x+16} do
  -- (t: its clue, f: its fills; d: they match)
  local t,f=line_of(k)
  local d=clue_key(line_clue(f))==clue_key(t)
  r,line_done[k],lines_changed[k]=r or d and not line_done[k],d,1
 end
 return r
end

-- every line matches its clues (line_done holds the board's lines
-- alone: new_board empties it, recheck sets each)
function solved()
 for _,d in pairs(line_done) do
  if (not d) return
 end
 return true
end

-- clue numbers placed by the player's marks (as in picross s): a
-- number dims when every way of laying out its line's clue t that
-- agrees with the marks (f filled, x crossed: masks, bit j = cell j)
-- puts its run on the same cells, and the player filled them all.
-- an empty line's 0 (d[1]) dims once every cell of its line is
-- crossed, as a run dims once the player has placed it (greyed from the
-- start, as picross s greys its 0 lines, readers took the dim 0 for a
-- smudge or asked whether it was a 0).
-- the solver's sweeps find those ways: the line is solved alone, as
-- the one row of a grid whose board_size columns have no clue (no_clues), and
-- s[j] holds the cells where run j can start: one cell (q&q-1==0;
-- q is never 0 when the line fits), its t[j] cells (m) all filled.
-- (solve calls solve_hook once here, outside any coroutine: hook_lines=0
-- keeps that call from yielding)
function placed(t,f,x)
 local d,s={},{}
 hook_lines=0
 if solve({t},no_clues,{f},{x},s)!="contradiction" then
  d[1]=x+1==1<<board_size
  -- (run j of t starts on the cells q=s[j]: solve writes s[1..#t],
  -- and s[0], which ipairs leaves out)
  for j,q in ipairs(s) do
   local m=((1<<t[j])-1)*q
   d[j]=q&q-1==0 and f&m==m
  end
 end
 return d
end
