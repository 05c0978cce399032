-- The VM instruction counter: one for the console (prelude.lua, every frame and coroutine of
-- a cart) and for CartLua (luavm.py, the cart's solver called from Python). Loaded with the
-- hook's period `chunk`: the hook runs every `chunk` VM instructions and adds 1/65536 to n
-- (with `fine`, 1/16: 4096 raw units a call, so that debits can be fractions of a call), so
-- n's raw 32 bits count the calls (PICO-8 numbers would wrap at 32767 as integers); Python reads
-- (counter.py: hook_calls). The hook's own instructions
-- are not counted (Lua turns hooks off inside a hook) but use up the countdown: with
-- chunk > 1 the Python side calibrates (counter.py, instructions_per_hook_call); with chunk 1
-- the count is exact.
-- debit() takes `debt` off n: the runtime's API wrappers (generator/runtime/calls.lua) call it
-- once a call, so that the fixed few instructions they run in the cart's thread (measured by
-- api_overhead, set by set_debt in raw units: 4096 a hook call) do not count as the cart's.
local chunk, fine = ...
local sethook, error = debug.sethook, error
local n, cap, debt = 0, 0x7fff, 0
local function coarse()
 n += 0x0.0001
 if n >= cap then
  error("frame ran over the console's instruction limit (endless loop?)", 2)
 end
end
local function hook_fine()
 n += 0x0.1
 if n >= cap then
  error("frame ran over the console's instruction limit (endless loop?)", 2)
 end
end
local hook = fine and hook_fine or coarse

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
function c.debit() n -= debt end
function c.set_debt(v) debt = v end
-- hook calls for f(...) in the running code, from 0 (f's instructions and a fixed few
-- around them: CartLua takes off those of an empty function)
function c.call(f, ...)
 n = 0
 sethook(hook, "", chunk)
 f(...)
 sethook()
 return n
end
-- n for k calls of f less n for k calls of the C function g, the hook every instruction:
-- what a call of f runs in the caller's thread beyond a native call's one instruction
function c.api_overhead(f, g, k)
 local function loop(h) for i = 1, k do h() end end
 local out = 0
 for _, h in ipairs({g, f}) do
  n = 0
  sethook(hook, "", 1)
  loop(h)
  sethook()
  out = n - out
 end
 return out
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
