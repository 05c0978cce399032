-- picross8: 5x5 to 15x15 picross in two worlds and an endless mode.
-- build.py inlines the #include files in this order after its
-- generated constants (pz_base, pz_count, pz_hash, worlds, pz_names,
-- pz_cols).
--
-- globals (by file; functions are named where they are defined):
--  main     scr screens, upd/drw the current one's functions,
--           sf frames on it, redraw: draw what is cached again,
--           nu: no upper memory
--  board    sol solution rows, g cells, rc/cc clues, rok/cok
--           lines matched, dm/st clue numbers placed, nc no clues,
--           sz cells a side, cz px a cell, bw px the board
--  save     best, clk, rb, rs, eseed, nend, sid, nb, bd, sa, op the
--           settings (music off, options), bo best times' options
--  input    hf/rl/hl/fc button timing, mx/my/mb/mv the mouse,
--           pk/pv/pm/ns the stroke, sx/sy its first cell, hist
--  play     pa/pzs/pip each puzzle's address, size, pips;
--           cur puzzle, tf clock, cx/cy cursor (cpos: each board's
--           when left), msg/mt message, aq/
--           ay/an a question, bs best-time text, hc hint coroutine,
--           dirty: board changed since saved, kp: kept when asked
--  screens  ws world, ps puzzle, top first tile row, tq tiles whose
--           pictures are still to draw, wo palette's
--           world, ui colours; endless: gen, ew its world; draw: bx/by the board,
--           pc the solved picture's colours
--  music    mw the world whose music plays, ol the option labels
--lint: upd, drw, sf, redraw, g, rc, cc, rok, cok, dm, st, nc
--lint: eseed, nend, best, clk, rb, rs, sa, mx, my, mb, mv, pk, pv
--lint: pm, ns, cur, tf, cx, cy, msg, mt, aq, ay, an, bs, hc, dirty, kp
--lint: ps, top, tq, wo, ew, gen, solve_hook, sz, cz, bw, pc, op, bo, mw, nu
#include solver.lua
#include clues.lua
#include board.lua
#include save.lua
#include input.lua
#include draw.lua
#include hint.lua
#include endless.lua
#include music.lua
#include play.lua
#include screens.lua
#include share.lua
#include editor.lua

-- the screens: update and draw functions of each
scr={
 title={tupd,tdrw},
 worlds={wupd,wdrw},
 puzzles={pupd,pdrw},
 play={plupd,pldrw},
 solved={supd,sdrw},
 endless={eupd,edrw},
 code={cupd,cdrw},
}

-- switch to screen s; the pause menu: hint, undo... on the play
-- screen, the music and option toggles on the others (and share
-- code on the list)
function go(s)
 sf,redraw=0,true
 upd,drw=unpack(scr[s])
 for i=1,5 do menuitem(i) end
 optmenu()
 if (s=="play") playmenu()
 -- the list's: the code of the puzzle under the cursor
 if (s=="puzzles") mi(4,"share code",function() loadpz(ps) share() end)
end

-- pause menu item i: f runs on o or x only. pico-8 and fake-08 call
-- a callback on left/right too (b 1 or 2); pico-8's filter (0x300
-- in i) makes fake-08 drop the item; tac08 passes no b
function mi(i,s,f)
 menuitem(i,s,function(b)
  if ((b or 16)>3) return f()
  return true
 end)
end

-- the solver calls solve_hook after each line. it only runs in
-- coroutines (endless, hints): rest every 15 lines (a line costs at
-- most a few thousand instructions) so that no frame runs long
hn=0
function solve_hook()
 hn+=1
 if (hn%15==0) yield()
end

function _init()
 -- mouse on (devkit mode)
 poke(0x5f2d,1)
 -- upper memory (0x8000-0xffff) caches the screen; nu: it is not
 -- there (tac08, fake-08 before 64 KiB: peek 0, pokes dropped).
 -- peek(), not @: fake-08's @ reads its Lua's own 32 KiB up there
 poke(0x9fff,1)
 nu=peek(0x9fff)<1
 loadsave()
 go"title"
end

function _update()
 readbtn()
 -- frames on this screen (wrapping before numbers run out)
 sf=(sf+1)%30000
 tune(upd!=tupd and upd!=supd and (ws>#worlds and ew or ws))
 -- a question or a share code waits for its answer (o or x)
 if aq then
  local f=bp(4) and (ay or 1) or bp(5) and (an or 1)
  if f then
   aq,redraw=nil,true
   if (f!=1) f()
  end
 else
  upd()
 end
end

function _draw()
 -- without upper memory nothing is cached: draw it all every frame
 redraw=redraw or nu
 drw()
 -- (text 10 on the clue highlight 15 in a border 9: at least 4.5:1
 -- in every world, tests/cart/test_legibility.py)
 if aq then
  rectfill(2,54,125,90,15)
  rect(2,54,125,90,9)
  print(aq,6,58,10)
 end
end
