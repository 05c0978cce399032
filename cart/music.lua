-- music: world w's loop is at pattern w*16-16 (music.txt), on
-- channels 0-2 (3 is the effects'); not on the title or solved
-- (screen_tuneless, main.lua's go). w: the world of the screen (world),
-- else endless's; none if options (save.lua) has bit 1 set
function tune()
 local w=options&1<1 and not screen_tuneless and (world and world_index or endless_world)
 if w!=music_world then
  music_world=w
  music(w and w*16-16 or -1,w and 500 or 0,7)
 end
end

-- the pause menu's toggles on every screen but play (its menu is
-- full): item i flips options's bit 1<<i-1, kept in the save. music, then
-- the options, off at first (auto-check: a wrong fill is shown at
-- once; auto-cross: a line whose fills are the solution's is crossed
-- out; see input.lua's mark; double tap: a quick second tap of the
-- d-pad jumps on to the next group of 5, see play_input: off at
-- first, as players stepping by quick taps were thrown by it). the
-- on-screen menu (the title's) stays open after a choice, and says
-- under its items what the one by o does: option_labels holds the
-- labels (off, on), then that help (i+8; a line of the box holds 29
-- characters)
option_labels=split"music: on,music: off,auto-check: off,auto-check: on,auto-cross: off,auto-cross: on,double tap: off,double tap: on,up/down: choose\nthe worlds' tunes,up/down: choose\nshows wrong fills,up/down: choose\ncrosses solved lines,up/down: choose\njumps to the next group of 5"
function option_menu()
 for i=1,4 do
  menu_item(i,option_labels[i*2-1+(options>>i-1&1)],function(p)
   options^^=1<<i-1
   persist()
   option_menu()
   if (not p) menu(i)
   return true
  end,option_labels[i+8])
 end
end
