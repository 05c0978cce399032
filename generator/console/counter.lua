-- The VM instruction counter: one for the console (prelude.lua, every frame and coroutine of
-- a cart) and for CartLua (luavm.py, the cart's solver called from Python). Loaded with the
-- hook's period `chunk`: the hook runs every `chunk` VM instructions and adds 1/65536 to n,
-- so n's 32 bits count the calls (PICO-8 numbers would wrap at 32767 as integers); Python
-- reads them with fixed.to_raw. The hook's own instructions are not counted (Lua turns hooks
-- off inside a hook) but use up the countdown: with chunk > 1 the Python side calibrates
-- (counter.py, instructions_per_hook_call); with chunk 1 the count is exact.
-- `skip` (optional) is a set of chunk names whose instructions are not the cart's (the
-- runtime's "=runtime/<file>": the API PICO-8 runs natively): a hook call that lands in one
-- of them counts nothing, so with chunk 1 the count is exactly the cart's own instructions.
-- Both ways through the hook take the same instructions, so the countdown after a call is the
-- same wherever it landed and counts with chunk > 1 stay unbiased.
local chunk, skip = ...
local sethook, getinfo, error = debug.sethook, debug.getinfo, error
local n, cap, ONE = 0, 0x7fff, 0x0.0001
local weight = {}   -- chunk name -> what a hook call landing there adds: 0 for skipped chunks
for k in pairs(skip or {}) do weight[k] = 0 end
local function hook()
 n += skip and weight[getinfo(2, "S").source] or ONE
 if n >= cap then
  error("frame ran over the console's instruction limit (endless loop?)", 2)
 end
end

local c = {}
-- coroutines do not inherit a hook function: give co the counter (the count goes on)
function c.attach(co) sethook(co, hook, "", chunk) end
-- count from 0 in coroutine co; the countdown restarts, so counts round down per start
function c.start(co)
 n = 0
 sethook(co, hook, "", chunk)
end
function c.count() return n end
function c.set_cap(v) cap = v end
-- hook calls for f(...) in the running code, from 0 (f's instructions and a fixed few
-- around them: CartLua takes off those of an empty function)
function c.call(f, ...)
 n = 0
 sethook(hook, "", chunk)
 f(...)
 sethook()
 return n
end
-- hook calls for a fixed loop with the hook every k instructions
function c.calibrate(k)
 n = 0
 sethook(hook, "", k)
 local s = 0
 for j = 1, 10 do for i = 1, 4000 do s += i end end
 sethook()
 return n
end
return c
