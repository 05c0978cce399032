-- editor: draw a puzzle on the play screen (em set; cur -1, its
-- board id 0 is never saved) with the game's controls: the clues
-- follow the filled cells, and the solver works out the verdict in
-- the coroutine vc a few lines a frame: line-solvable in vn rounds,
-- or stalled, the cells it cannot reach marked on the board.
-- de/dz: the design (its 15 rows as masks, bit x = column x; its
-- size), ds: it is in the save (save.lua), ez the size chosen, ek
-- the create page's choice, ed: come
-- back here from playing it. vs/vn the solver's verdict, vf/ve the
-- cells it reached, vt/vu the verdict's two lines
--lint: em, ed, de, dz, ds, ez, ek, vc, vs, vn, vf, ve, vt, vu
ek=2

-- the editor on the kept design if it is of size ez, else blank
function edit()
 em,ed,cur,sz,hist[0]=1,1,-1,ez
 -- (false off the design: newboard makes it 0)
 g={}
 for i=0,224 do g[i]=dz==sz and de[i\15+1]>>i%15&1 end
 cx,cy,msg,pk,aq=sz\2,sz\2
 redesign()
 go"play"
end

-- the design changed: its rows, clues (none dimmed: dims does not
-- run in the editor), the save, and the verdict again
function redesign()
 de,dz={},sz
 for y=1,15 do
  sol[y]=lmask(y-1,1)
  de[y]=sol[y]
 end
 -- saved if it has a fill and there is room (at most 3 boards)
 ds=not nofill() and min(#rb,nb)<4
 persist()
 newboard(g)
 dirty=false
 vc,vt,vu,vs=cocreate(verdict),"checking",""
end

-- line logic on the clues of sol (in a coroutine: solve_hook rests)
function verdict()
 vf,ve=zeros()
 vs,vn=solve(rc,cc,vf,ve,{})
 vt,vu=unpack(split(nofill() and "empty," or vs=="solved" and "solvable,"..vn.." round"..(vn>1 and "s" or "") or "needs guess,see dots"))
 -- its difficulty pips, drawn as the puzzle list draws a puzzle's
 -- (pip[-1]): a proxy of the manifest's pips (difficulty.py scores
 -- rounds and the lines that move in each), the solver's passes x
 -- size / 12, 1 to 5. over the 254 packed puzzles it gives their
 -- pips for 146, is a pip off for 105 and two off for 3
 pip[-1]=mid(1,vn*sz\12,5)
end

-- the editor's update, after the play screen's input
function edupd()
 if (dirty) redesign()
 coresume(vc)
end

-- its verdict (a design the save has no room for: its second line
-- takes turns, a second each, with "not saved: 4 boards in
-- progress"), and a dot on each cell line logic does not reach, in
-- the other colour: paper on a fill, fill on paper. a design line
-- logic finishes shows its pips under the verdict
function eddrw()
 if (vt=="solvable") pips(-1,16,51,10)
 local t=split(vu..(vt=="solvable" and ",pause menu:,play it,share code" or "")..((ds or nofill()) and "" or ",not saved:,4 boards,in progress"))
 ct(t[sf\30%#t+1],45,6,24)
 if vs=="stalled" then
  each(function(x,y,i)
   if ((vf[y+1]|ve[y+1])>>x&1<1) circfill(bx+(x+.5)*cz,by+(y+.5)*cz,cz\5,g[i]==1 and 1 or 4)
  end)
 end
end

-- play it, share code: only a design line logic finishes
function ifok(f)
 return function()
  if (vt=="solvable") return f()
  say(vt)
 end
end

-- the create page of the world screen: up/down choose
ol2=split"5x5,10x10,15x15,enter a code"
function crupd(o)
 for b=2,3 do
  if (bp(b)) ek=mid(1,ek+dy[b+1],4)
 end
 if o then
  ez=ek*5
  (ek>3 and entry or edit)()
 end
end

function crdrw()
 texts"create|22|10/draw a puzzle or enter a code|32|6/pause menu: play it, share|116|13/\148\131 both: clear it|122|13|60"
 for k=1,4 do
  ct((k==ek and "\148\131 " or "")..ol2[k],68+k*8,k==ek and 10 or 6)
 end
end
