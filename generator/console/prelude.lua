-- Run once in a fresh lupaz8 state before the cart. It receives the Python side's tables,
-- keeps private references to the Lua libraries the console needs, then strips the globals
-- down to PICO-8's: anything PICO-8 has that the console lacks is a loud error when read.
local api, names, reasons, counter, strict = ...
local traceback, getinfo = debug.traceback, debug.getinfo
local create, xpcall, error, rawget, load = coroutine.create, xpcall, error, rawget, load
local running, yield_, status = coroutine.running, coroutine.yield, coroutine.status

-- instruction counting: counter.lua (the same counter CartLua uses), given by the Python side
local attach, count = counter.attach, counter.count

-- coroutines do not inherit a hook function: give each new one the counter
cocreate = function(f)
 local co = create(f)
 attach(co)
 return co
end

-- a coroutine's error comes back from coresume as (false, message), which a cart that
-- ignores the result never sees; in strict mode (the console's default) it is raised instead.
-- Resuming a coroutine that is already dead is no hidden error: (false, message) as on PICO-8
-- (carts resume a finished animation every frame)
local resume, pack, unpack = coroutine.resume, pack, unpack
coresume = function(co, ...)
 local dead = status(co) == "dead"
 local r = pack(resume(co, ...))
 if strict and not r[1] and not dead then
  error(traceback(co, "in coroutine: "..tostr(r[2])), 2)
 end
 return unpack(r, 1, r.n)
end

for k, v in pairs(api) do _G[k] = v end

-- flip() ends the frame where the cart calls it (its code runs in a runner coroutine of the
-- console's, see ctl.start); the next frame carries on after it, as on PICO-8
local FLIP, main = {}, nil
flip = function()
 if running() ~= main then
  error("flip() inside a coroutine of the cart is not supported by the console", 2)
 end
 yield_(FLIP)
end

-- sub and ord as the 0.2.6 manual has them, where lupaz8's are older: sub(s, i, x) with x
-- given but not a number is the one character at i; ord(s, i, n) returns n codes
local sub_, ord_, select_, type_, tonum_ = sub, ord, select, type, tonum
sub = function(s, i, ...)
 local j = ...
 if type_(j) == "number" or select_("#", ...) == 0 or tonum_(j) then return sub_(s, i, j) end
 return sub_(s, i, i)
end
ord = function(s, i, n)
 if not n then return ord_(s, i or 1) end
 local r = {}
 for k = 1, n do r[k] = ord_(s, (i or 1) + k - 1) end
 return unpack(r, 1, n)
end

-- PICO-8's foreach visits items like `for v in all(t)`: removing the current item while
-- looping neither skips the next one nor passes nil (lupaz8's own foreach does)
local all_ = all
foreach = function(t, f)
 for v in all_(t) do f(v) end
end

-- stat(1)/stat(2) need the running count; Python cannot call back into Lua for it from
-- inside a coroutine, so the count travels with the call
local pystat = stat
stat = function(k) return pystat(k, count()) end

-- menu items' callbacks stay on the Lua side (Python gets `true` for one): a Python wrapper of
-- a function handed over while a cart's coroutine runs crashes once that coroutine is
-- collected (see the runners below), and a cart may set its menu from a coroutine
local pymenuitem, menu_fns = menuitem, {}
menuitem = function(i, label, f)
 pymenuitem(i, label, f ~= nil)
 menu_fns[flr(tonum(i) or 0)] = label ~= nil and f or nil
end

-- PICO-8 has none of these (reading one gives nil, as on PICO-8); the console keeps its own
-- references above. They must stay plain nils: lupaz8 itself looks `debug` up. (tostring
-- stays: PICO-8 has it, undocumented; see docs/console.md, known differences)
local hidden = {"io", "os", "package", "require", "dofile", "loadfile", "load", "python",
 "debug", "string", "table", "coroutine", "collectgarbage", "pcall", "xpcall", "error",
 "tonumber", "_VERSION", "math", "utf8", "module"}
local missing = {}
for _, k in ipairs(hidden) do _G[k] = nil end
for _, k in ipairs(names) do
 if rawget(_G, k) == nil then missing[k] = reasons[k] or "" end
end
setmetatable(_G, {__index = function(t, k)
 local why = missing[k]
 if why then error("unimplemented PICO-8 API: "..tostr(k)..why, 2) end
end})

local ctl = {}
-- load the cart's code as a chunk named after the cart
function ctl.compile(code, name)
 local f, err = load(code, name, "t", _G)
 return f or false, err or false
end
-- The cart's code runs in "runner" coroutines, so that flip() can stop it mid-call and the
-- next frame can carry on from there. A runner loops forever (run a function, yield DONE and
-- its result, wait for the next) and is kept for the life of the console: lupaz8's Python
-- wrappers of Lua values remember the coroutine they were made in and crash once it is
-- garbage collected, so these coroutines must never be.
local DONE, idle, kept = {}, {}, {}
local function on_error(e)
 return traceback(tostr(e), 2)
end
local function runner(...)
 local job = pack(...)
 while true do
  local r = pack(xpcall(job[1], on_error, unpack(job, 2, job.n)))
  job = pack(yield_(DONE, r[1], r[2]))
 end
end
-- call f(...) counted in an idle runner; see ctl.resume for the results
function ctl.start(f, ...)
 local co = idle[#idle]
 if co then
  idle[#idle] = nil
 else
  co = create(runner)
  kept[#kept + 1] = co
 end
 return ctl.resume(co, f, ...)
end
-- run runner co (counted) until its job ends or calls flip(); returns ok, the first result
-- or the error message with traceback, and co again when it stopped at a flip
function ctl.resume(co, ...)
 counter.start(co)   -- from 0, the countdown restarted: counts round down per call
 main = co
 local r = pack(resume(co, ...))
 main = nil
 if r[2] == FLIP then return true, false, co end
 if r[1] and r[2] == DONE then
  idle[#idle + 1] = co
  return r[3], r[4], false
 end
 return false, r[1] and "attempt to yield from outside a coroutine" or tostr(r[2]), false
end
-- menu item i's callback with button bits b (nil: none)
function ctl.menu_call(i, b)
 local f = menu_fns[i]
 if f then return f(b) end
end
ctl.count, ctl.calibrate, ctl.set_cap = count, counter.calibrate, counter.set_cap
function ctl.global(k) return rawget(_G, k) end
return ctl
