-- clues.lua: a line's clue from its cells, the twin of
-- generator/solver/clues.py's line_clue (kept apart from solver.lua:
-- the board and the editor make clues, the solver only reads them).
--
-- line_clue(m) -> {run lengths} of the line mask m (bit x = cell x,
--   0-based; lines of up to 15 cells, so bit 15 is always clear and
--   ends the last run). line_clue(0b0111011) = {2,3}; an empty line
--   gives {}. callers may pass the line's length as a second
--   argument: it is not needed.
function line_clue(m)
 local c,r={},0
 for x=0,15 do
  if m>>>x&1!=0 then r+=1 elseif r>0 then add(c,r) r=0 end
 end
 return c
end
