-- The VM instruction counter: one for the console (prelude.lua, every frame and coroutine of
-- a cart) and for CartLua (luavm.py, the cart's solver called from Python). Loaded with the
-- hook's period `chunk`: the hook runs every `chunk` VM instructions and adds 1/65536 to n,
-- so n's 32 bits count the calls (PICO-8 numbers would wrap at 32767 as integers); Python
-- reads them with fixed.to_raw. The hook's own instructions are not counted (Lua turns hooks
-- off inside a hook) but use up the countdown: with chunk > 1 the Python side calibrates
-- (counter.py, instructions_per_hook_call); with chunk 1 the count is exact.
-- Debts note instructions that ran in the cart's thread but are not the cart's: the runtime
-- adds a fixed cost (measured by api_overhead; raw, 1/65536 an instruction, so that it holds
-- 2^31) to the field `owed` of a debts table for each API call's few instructions there
-- (generator/runtime/calls.lua's wrapper, pset, the memory writes), and the Python side takes
-- owed off. share_debts(t) makes the runtime's shared table t that table, so that a debt is
-- an addition in place, no call; t.settle(), when t has it, owes what the runtime counted
-- rather than owed (pset's calls, draw.lua) before owed is read or cleared. The debts are kept apart from n, which only the hook writes:
-- a hook call landing between a read and a write of n by other code would be lost.
local chunk = ...
local sethook, error = debug.sethook, error
local n, cap, debts = 0, 0x7fff, {owed = 0}
local function hook()
 n += 0x0.0001
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
 if debts.settle then debts.settle() end
 debts.owed = 0
 sethook(co, hook, "", chunk)
end
function c.count() return n end
function c.set_cap(v) cap = v end
-- keep the debts in table t (t.owed, carried over): the runtime's shared table
function c.share_debts(t)
 t.owed = debts.owed
 debts = t
end
function c.owed()
 if debts.settle then debts.settle() end
 return debts.owed
end
-- hook calls for f(...) in the running code, from 0 (f's instructions and a fixed few
-- around them: CartLua takes off those of an empty function)
function c.call(f, ...)
 n = 0
 sethook(hook, "", chunk)
 f(...)
 sethook()
 return n
end
-- hook calls (the hook every instruction) of k calls of f(...) less those of k calls of the
-- C function g(...): what a call of f runs in the caller's thread beyond a native call's one
function c.api_overhead(f, g, k, ...)
 local function loop(h, ...) for i = 1, k do h(...) end end
 local out = 0
 for _, h in ipairs({g, f}) do
  n = 0
  sethook(hook, "", 1)
  loop(h, ...)
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
