-- music: world w's loop is at pattern w*16-16 (music.txt), on
-- channels 0-2 (3 is the effects'); not on the title or solved. main.lua's
-- _update starts and stops it (music_world: the world playing)

-- the pause menu's toggles on every screen but play (its menu is
-- full: there they are the on-screen menu's items 6-9 alone, o: 5,
-- else 0): item i+o flips options's bit 1<<i-1, kept in the save. music, then
-- the options, off at first (auto-check: a wrong fill is shown at
-- once; auto-cross: a line whose fills are the solution's is crossed
-- out; see input.lua's mark; double tap: a quick second tap of the
-- d-pad jumps on to the next group of 5, see play_input: off at
-- first, as players stepping by quick taps were thrown by it). the
-- on-screen menu (the title's) stays open after a choice (the toggle
-- returns true, as undo does: _update opens it again, on the item, with
-- the new label), and says
-- under its items what the one by o does: option_labels holds the
-- labels (off, on) of option i at i*2 and i*2+1 (its first place left
-- empty), then that help (i+9; a line of the box holds 29
-- characters)
option_labels=split",music: on,music: off,auto-check: off,auto-check: on,auto-cross: off,auto-cross: on,double tap: off,double tap: on,up/down: choose\nplays the worlds' tunes,up/down: choose\nshows wrong fills,up/down: choose\ncrosses solved lines,up/down: choose\njumps to the next group of 5"
function option_menu(o)
 for i=1,4 do
  menu_item(i+o,option_labels[i*2+(options>>i-1&1)],function()
   options^^=1<<i-1
   persist()
   option_menu(o)
   return true
  end,option_labels[i+9])
 end
end
