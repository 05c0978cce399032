-- music: world w's loop is at pattern w*8-8 (music.txt), on
-- channels 0-2 (3 is the effects'); not on the title or solved
mu=true
function tune(w)
 w=mu and w
 if w!=mw then
  mw=w
  music(w and w*8-8 or -1,w and 500 or 0,7)
 end
end

-- the pause menu's toggle (the play screen's menu is full)
function musicmenu()
 menuitem(1,mu and "music: on" or "music: off",function()
  mu=not mu
  persist()
  musicmenu()
  return true
 end)
end
