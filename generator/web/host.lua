-- The Lua half of the page's host: what a cart needs beyond the shared runtime's drawing,
-- text and memory API (generator/runtime), in the order the page boots:
--   __web_rtdata(k, v)    rt[k] = v: data the runtime's files need (the default font)
--   __web_runtime(name)   call runtime chunk `name` as chunk(rt, host)
--   __web_boot(seed)      the API the runtime leaves to a host, then the cart's top-level code
--                         (the global named after the cart) and _init()
--   __web_frame(mask, mx, my, mb)   one frame: _update/_update60 then _draw (or, paused, the
--                         pause menu); returns the cart's frame rate
--   __web_pause()         open the pause menu (Enter/P), or close it
-- Everything reaching the page goes through __js(name, ...) (host.js). The behaviour follows
-- the headless console's (generator/console: api.py, buttons.py, prelude.lua), so that the
-- page and the console show the same frames.
local js = __js
local create, resume, yield_, status, running = coroutine.create, coroutine.resume,
 coroutine.yield, coroutine.status, coroutine.running
local traceback, collect = debug.traceback, collectgarbage
local pack, unpack, deli, add, tonum, tostr, flr, min, max, chr, ord, sub = pack, unpack, deli,
 add, tonum, tostr, flr, min, max, chr, ord, sub
local peek, poke, peek4, poke4, rawget, type, pairs, ipairs, select = peek, poke, peek4, poke4,
 rawget, type, pairs, ipairs, select
local rt, host = {}, {}
local draw = {}     -- the runtime's drawing functions the pause menu uses, taken at boot

-- data the runtime's files need from their host (e.g. rt.font, the default font's bytes)
function __web_rtdata(key, value)
 rt[key] = value
end

function __web_runtime(name)
 local chunk = rawget(_G, name)
 _G[name] = nil
 chunk(rt, host)
end

-- ---------------------------------------------------------------- the cart's frame state
local fps, frame_index, held, frames = 30, 0, {}, {}
local mouse_x, mouse_y, mouse_b = 0, 0, 0
for i = 0, 5 do held[i], frames[i] = false, 0 end

local function define(name, f)
 if rawget(_G, name) == nil then _G[name] = f end
end

-- numbers as the console reads them: a numeric string is a number, nil the default
local function int(v, d)
 if v == nil then return d or 0 end
 if type(v) == "boolean" then return v and 1 or 0 end
 return flr(tonum(v) or d or 0)
end

local function api()
 -- buttons for player 0, with PICO-8's btnp repeat (buttons.py)
 local function pressed(b)
  local k = frames[b] - 1
  if k < 0 then return false end
  if k == 0 then return true end
  local scale = fps == 60 and 2 or 1
  local delay, every = peek(0x5f5c), peek(0x5f5d)
  if delay == 0 then delay = 15 end
  if every == 0 then every = 4 end
  if delay == 255 then return false end
  delay, every = delay * scale, every * scale
  return k >= delay and (k - delay) % every == 0
 end
 define("btn", function(i, p)
  if i == nil then
   if p and p ~= 0 then return 0 end
   local m = 0
   for b = 0, 5 do if held[b] then m += 1 << b end end
   return m
  end
  i = int(i)
  return (p == nil or p == 0) and i >= 0 and i < 6 and held[i]
 end)
 define("btnp", function(i, p)
  if i == nil then
   if p and p ~= 0 then return 0 end
   local m = 0
   for b = 0, 5 do if pressed(b) then m += 1 << b end end
   return m
  end
  i = int(i)
  return (p == nil or p == 0) and i >= 0 and i < 6 and pressed(i)
 end)

 -- PICO-8's random generator and the console's sin/cos live in host.js (32-bit words)
 define("rnd", function(x)
  if type(x) == "table" then
   local n = #x
   if n == 0 then return nil end
   return x[js("rnd_index", n)]
  end
  return js("rnd", x == nil and 1 or tonum(x) or 0)
 end)
 define("srand", function(x) js("srand", tonum(x) or 0) end)
 define("sin", function(x) return js("sin", tonum(x) or 0) end)
 define("cos", function(x) return js("cos", tonum(x) or 0) end)

 define("time", function() return js("time", frame_index, fps) end)
 t = time

 -- persistence: the page keeps 0x5e00-0x5eff in localStorage under the id
 local opened = false
 define("cartdata", function(id)
  if opened then error("cartdata() can only be called once", 2) end
  opened = true
  return js("cartdata", tostr(id))
 end)
 define("dget", function(i)
  i = int(i)
  if i < 0 or i >= 64 then return 0 end
  return peek4(0x5e00 + 4 * i)
 end)
 define("dset", function(i, v)
  i = int(i)
  if i >= 0 and i < 64 then poke4(0x5e00 + 4 * i, tonum(v) or 0) end
 end)

 -- the cart's ROM stays in the page: reload/cstore copy between it and memory
 define("reload", function(dest, src, n, file)
  if file ~= nil then error("reload() of another cart: the page runs one cart", 2) end
  js("reload", int(dest), int(src), int(n, 0x4300))
 end)
 define("cstore", function(dest, src, n, file)
  if file ~= nil then error("cstore() of another cart: the page runs one cart", 2) end
  js("cstore", int(dest), int(src), int(n, 0x4300))
 end)

 define("stat", function(n)
  n = int(n)
  if n == 0 then return min(collect("count"), 2048) end
  if n == 1 or n == 2 then return js("cpu") end
  if n == 4 then return js("paste") end
  if n == 5 then return 42 end
  if n == 6 or n == 31 then return "" end
  if n == 7 or n == 8 or n == 9 then return fps end
  if n == 30 then return false end
  if n >= 32 and n <= 36 then
   if peek(0x5f2d) == 0 then return 0 end
   return ({[32] = mouse_x, [33] = mouse_y, [34] = mouse_b, [35] = 0, [36] = 0})[n]
  end
  if n >= 16 and n <= 26 or n >= 46 and n <= 57 then return js("sound_stat", n) end
  if n >= 80 and n <= 85 or n >= 90 and n <= 95 then
   return ({[0] = 2026, 11, 29, 12, 0, 0})[n % 10]
  end
  if n == 28 or n == 110 or n == 120 or n == 121 then return false end
  if n == 100 or n == 101 then return nil end
  return 0
 end)

 define("sfx", function(n, ch, off, len)
  js("sfx", frame_index, int(n), int(ch, -1), int(off, 0), int(len, 0))
 end)
 define("music", function(n, fade, mask)
  js("music", frame_index, int(n), int(fade, 0), int(mask, 0))
 end)
 define("printh", function(s, file)
  js("printh", tostr(s), file ~= nil and tostr(file) or nil)
 end)
 define("extcmd", function(cmd) js("extcmd", tostr(cmd)) end)
end

-- ---------------------------------------------------------------- menu items
local menu = {}     -- [1..5] = {label, callback}
local function menuitem(i, label, f)
 i = int(i)
 if i < 1 or i > 5 then return end
 if label == nil then menu[i] = nil else menu[i] = {tostr(label), f} end
end

-- ---------------------------------------------------------------- the console's prelude
local FLIP = {}
local main_co
local function prelude()
 define("menuitem", menuitem)
 -- coroutines as on PICO-8: an error inside one comes back from coresume as (false, message)
 cocreate, coresume = create, resume
 costatus, yield = status, yield_
 flip = function()
  if running() ~= main_co then
   error("flip() inside a coroutine of the cart is not supported", 2)
  end
  yield_(FLIP)
 end
 local sub_, ord_, select_, type_, tonum_ = sub, ord, select, type, tonum
 _G.sub = function(s, i, ...)
  local j = ...
  if type_(j) == "number" or select_("#", ...) == 0 or tonum_(j) then return sub_(s, i, j) end
  return sub_(s, i, i)
 end
 _G.ord = function(s, i, n)
  if not n then return ord_(s, i or 1) end
  local r = {}
  for k = 1, n do r[k] = ord_(s, (i or 1) + k - 1) end
  return unpack(r, 1, n)
 end
 local all_ = all
 foreach = function(t, f) for v in all_(t) do f(v) end end
 -- the P8SCII glyph globals: button names and fill patterns (glyphs.py)
 local buttons = {[0x8b] = 0, [0x91] = 1, [0x94] = 2, [0x83] = 3, [0x8e] = 4, [0x97] = 5}
 for c, v in pairs(buttons) do define(chr(c), v) end
 local patterns = {[0x80] = 0, [0x81] = 0x5a5a.8, [0x82] = 0x511f.8, [0x84] = 0x7d7d.8,
  [0x85] = 0xb81d.8, [0x86] = 0xf99f.8, [0x87] = 0x51bf.8, [0x88] = 0xb5bf.8,
  [0x89] = 0x999f.8, [0x8a] = 0xb11f.8, [0x8c] = 0xa0e0.8, [0x8d] = 0x9b3f.8,
  [0x8f] = 0xb1bf.8, [0x90] = 0xf5ff.8, [0x92] = 0xb15f.8, [0x93] = 0x1b1f.8,
  [0x95] = 0xf5bf.8, [0x96] = 0x7adf.8, [0x98] = 0x0f0f.8, [0x99] = 0x5555.8}
 for c, v in pairs(patterns) do define(chr(c), v) end
 for _, k in ipairs({"io", "os", "package", "require", "dofile", "loadfile", "load",
  "debug", "string", "table", "coroutine", "collectgarbage", "pcall", "xpcall", "error",
  "tonumber", "_VERSION", "math", "utf8", "module"}) do _G[k] = nil end
end

-- ---------------------------------------------------------------- running the cart
local pending, queue = nil, {}
local err_ = error

-- run the frame's queue (or the code stopped at the last flip) until done or flip()
local function work()
 while pending or #queue > 0 do
  local co = pending
  if not co then
   local f = deli(queue, 1)()
   if f then co = create(f) end
  end
  if co then
   main_co = co
   local ok, r = resume(co)
   main_co = nil
   if not ok then err_(traceback(co, tostr(r)), 0) end
   pending = status(co) == "suspended" and r == FLIP and co or nil
   if pending then return end
  end
 end
end

local function settle_fps()
 if rawget(_G, "_update60") then fps = 60 end
 rt.fps = fps
end

function __web_boot(seed, cart_name)
 for _, k in ipairs({"camera", "clip", "pal", "palt", "fillp", "pset", "rect", "rectfill",
  "print"}) do
  draw[k] = rawget(_G, k)
 end
 if rt.reset then rt.reset() end    -- the draw state's boot values
 api()
 prelude()
 srand(seed or 0)
 local cart = rawget(_G, cart_name)
 _G[cart_name] = nil
 queue = {function() return cart end, function() return rawget(_G, "_init") end,
  function() settle_fps() end}
 work()
 return fps
end

-- ---------------------------------------------------------------- the pause menu
-- PICO-8's layout (as zepto8 reproduces it): the frozen screen, a box 80 px wide in the middle
-- (24, 56 - 4n) for n entries, a frame, "pause" centred on top, the entries 8 px apart from 14
-- px down, the chosen one bright with a dot before it and one pixel right, the others dimmer.
-- One display palette serves the screen, so the cart's stays (its picture keeps its colours) and
-- the menu takes the cart's darkest, brightest and a middle slot as its black, white and grey
-- (host.js picks them by their colours' luminance). Up/down choose, O or X runs an entry (a
-- cart item's callback gets 112, the O/X/menu bits; left/right give it 1/2), the pause key
-- closes. The page's own entries: continue, the cart's items, sound on/off, reset cart.
local paused, choice, mute = false, 1, false
-- after the menu closes, the cart reads every button (and the mouse's) as up until O and X are
-- both let go, as PICO-8 and fake-08 do: the O that chose "continue" is no press in the cart
local clear_on_resume = false
local saved_screen, saved_state, ink

local function menu_entries()
 local e = {{"continue"}}
 for i = 1, 5 do
  if menu[i] then add(e, {menu[i][1], i}) end
 end
 add(e, {mute and "sound: off" or "sound: on", "mute"})
 add(e, {"reset cart", "reset"})
 return e
end

local function box(n)
 return 24, 56 - n * 4, 79, 16 + n * 8
end

-- the draw state written back behind the runtime's back: it keeps that state in locals, so it
-- reads it again (rt.refresh, draw.lua)
local function close_menu()
 paused, clear_on_resume = false, true
 poke(0x6000, ord(saved_screen, 1, 0x2000))
 poke(0x5f00, ord(saved_state, 1, 0x40))
 rt.refresh()
end

function __web_pause()
 if paused then close_menu() return end
 paused, choice = true, 1
 saved_screen = chr(peek(0x6000, 0x2000))
 saved_state = chr(peek(0x5f00, 0x40))
 ink = {js("menu_colours")}      -- black, white, grey: slots of the cart's display palette
end

local function draw_menu(entries)
 local n = #entries
 local black, white, grey = ink[1], ink[2], ink[3]
 poke(0x6000, ord(saved_screen, 1, 0x2000))
 poke(0x5f00, ord(saved_state, 1, 0x40))
 draw.camera() draw.clip() draw.pal() draw.palt() draw.fillp()
 poke(0x5f10, ord(saved_state, 0x11, 16))     -- the cart's display palette stays
 rt.refresh()
 local px, py, sx, sy = box(n)
 draw.rectfill(px - 1, py - 1, px + sx + 1, py + sy + 1, black)
 draw.rect(px, py, px + sx, py + sy, white)
 draw.print("pause", px + sx \ 2 - 10, py + 4, white)
 local bx, by = px + 5, py + 14
 for k, e in ipairs(entries) do
  local on = k == choice
  if on then draw.pset(bx - 2, by + 2, white) end
  draw.print(sub(e[1], 1, 16), bx + (on and 1 or 0), by, on and white or grey)
  by += 8
 end
end

local function menu_frame(edge)
 local entries = menu_entries()
 if edge[2] then choice = (choice - 2) % #entries + 1 end
 if edge[3] then choice = choice % #entries + 1 end
 local e = entries[choice]
 local b = (edge[4] or edge[5]) and 112 or edge[0] and 1 or edge[1] and 2
 if b then
  if e[2] == nil then
   if b == 112 then close_menu() return end
  elseif e[2] == "mute" then
   mute = not mute
   js("mute", mute)
  elseif e[2] == "reset" then
   if b == 112 then
    close_menu()
    js("reset_cart")
    return
   end
  else
   local f = menu[e[2]][2]
   local keep = f and f(b)
   if b == 112 and not keep then close_menu() return end
  end
 end
 draw_menu(menu_entries())
end

-- ---------------------------------------------------------------- one frame
function __web_frame(mask, mx, my, mb)
 mouse_x, mouse_y, mouse_b = mx or 0, my or 0, mb or 0
 local edge = {}
 for i = 0, 5 do
  local down = mask & (1 << i) ~= 0
  edge[i] = down and frames[i] == 0
 end
 if paused then
  for i = 0, 5 do
   held[i] = mask & (1 << i) ~= 0
   frames[i] = held[i] and frames[i] + 1 or 0
  end
  menu_frame(edge)
  return fps
 end
 if clear_on_resume then
  clear_on_resume = mask & 0x30 ~= 0 or mouse_b ~= 0
  mask, mouse_b = 0, 0
 end
 frame_index += 1
 for i = 0, 5 do
  held[i] = mask & (1 << i) ~= 0
  frames[i] = held[i] and frames[i] + 1 or 0
 end
 if rt.buttons then rt.buttons(mask) end
 js("sound_frame", frame_index)
 if not pending and #queue == 0 then
  queue = {function() return rawget(_G, "_update60") or rawget(_G, "_update") end,
   function() return rawget(_G, "_draw") end}
 end
 work()
 return fps
end

function __web_paused() return paused end

-- the menu item callbacks from a host that drives them directly (tests)
function __web_menuitem(i, b)
 local m = menu[int(i)]
 if m and m[2] then return m[2](b or 32) end
end

-- the menu items' labels, a line each: "i label"
function __web_menuitems()
 local s = ""
 for i = 1, 5 do
  if menu[i] then s ..= i .. " " .. menu[i][1] .. "\n" end
 end
 return s
end
