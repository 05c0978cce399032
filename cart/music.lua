-- music: world w's loop is at pattern w*16-16 (music.txt), on
-- channels 0-2 (3 is the effects'); not on the title or solved.
-- it plays unless op (save.lua) has bit 1 set
function tune(w)
 w=op&1<1 and w
 if w!=mw then
  mw=w
  music(w and w*16-16 or -1,w and 500 or 0,7)
 end
end

-- the pause menu's toggles on every screen but play (its menu is
-- full): item i flips op's bit 1<<i-1, kept in the save. music, then
-- the options, off at first (auto-check: a wrong fill is shown at
-- once; auto-cross: a line that matches its clue is crossed out; see
-- input.lua's mark)
ol=split"music: on,music: off,auto-check: off,auto-check: on,auto-cross: off,auto-cross: on"
function optmenu()
 for i=1,3 do
  menuitem(i,ol[i*2-1+(op>>i-1&1)],function()
   op^^=1<<i-1
   persist()
   optmenu()
   return true
  end)
 end
end
