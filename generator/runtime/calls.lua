-- Loaded last: every global function the runtime files defined (the PICO-8 API) is wrapped
-- so that its body runs in a coroutine of its own, made ahead (POOL) and finished by the call.
-- A cart's instruction count is kept per thread (a debug hook counts the cart's thread), so
-- none of the API's own instructions reach it, whatever the hook's period: only this
-- wrapper's fixed few run in the cart's thread, and a host that counts takes them off per
-- call (rt.call_debt, added to rt.owed). (A coroutine that yields would cost a C++ exception
-- in z8lua; one that returns costs none, so each call takes a fresh one.)
--
-- An error in the API is raised in the caller with its message; arithmetic on an argument
-- that is not a number reads "<name>(): expected a number, got a <type>".
local rt, host = ...
local create, resume, error, type, tostr, getinfo, sub, match = coroutine.create,
 coroutine.resume, error, type, tostr, debug.getinfo, sub, string.match

-- the API calls that may write the draw state other than through poke & co (which see to it
-- themselves, state.lua; print's memory writes, text.lua): rt.refresh() runs after them, in
-- their coroutine
local writes_state = {camera = true, clip = true, pal = true, palt = true, fillp = true,
 cls = true}
local refresh = rt.refresh
local function refreshed(...)
 refresh()
 return ...
end

-- The calls' threads, made ahead and taken from the top of POOL[1..NP]. A new thread takes its
-- maker's debug hook; these are made by threads that never had one (this file's loading, then
-- the pool's own threads, which make more when fewer than 16 are left, before their call),
-- so none needs its hook cleared (a C call) and none is counted.
local POOL, NP, refill = {}, 0
local function call(f, ...)
 if NP < 16 then refill() end
 return f(...)
end
function refill()
 while NP < 64 do
  NP += 1
  POOL[NP] = create(call)
 end
end
refill()

local function api(name, f)
 if writes_state[name] then
  local body = f
  f = function(...) return refreshed(body(...)) end
 end
 local function pass(ok, ...)
  if ok then return ... end
  local msg = tostr((...))
  local at = sub(msg, 1, 8) == "runtime/" and msg or nil
  local kind = at and match(msg, "attempt to perform arithmetic on a (%a+) value")
  if kind then msg = name.."(): expected a number, got a "..kind end
  error(msg, 0)
 end
 return function(...)
  rt.owed += rt.call_debt
  rt.name = name
  local co = POOL[NP]
  NP -= 1
  return pass(resume(co, f, ...))
 end
end

-- owed once an API call; a host that counts the cart's instructions sets it to this
-- wrapper's fixed cost in the cart's thread, to be taken off the count (draw.lua: rt.owed)
rt.call_debt = 0

-- a call's coroutine is garbage as soon as it returns: the generational collector takes such
-- young garbage cheaply (Lua 5.2's; a third less time a call than the incremental one)
collectgarbage("generational")

-- The memory writes a cart calls: lupaz8's own, then rt.refresh() (draw.lua) when they reach
-- the draw state at 0x5f00-0x5f7f, so that what the drawing keeps of it stays true. They run in
-- the cart's thread (a coroutine each would cost a poke-heavy cart dearly): each has two paths
-- of fixed length, owed as pset's are: rt.<name>_debt for every call, then, when the
-- write reached the draw state, rt.<name>_hit_debt before the refresh, which runs in a
-- coroutine of its own (calls.lua's wrapper, whose own cost it owes itself).
local select = select
local state_written = api("refresh", function() rt.refresh() end)
-- the sign bit when n bytes written from a reach 0x5f00-0x5f7f (a is negative from 0x8000 up)
local function hits(a, n)
 a = (a or 0) \ 1
 return (~a & (a - 0x5f80) & (0x5f00 - a - (n or 0) \ 1)) & 0x8000
end
local function writer(raw, size, name)
 local debt, hit_debt = name.."_debt", name.."_hit_debt"
 rt[debt], rt[hit_debt] = 0, 0
 return function(a, ...)
  raw(a, ...)
  local hit = hits(a, size(...))
  rt.owed += rt[debt]
  if hit ~= 0 then
   rt.owed += rt[hit_debt]
   return state_written()
  end
 end
end
local function values(...) return select("#", ...) end
local function words(...) return 2 * select("#", ...) end
local function longs(...) return 4 * select("#", ...) end
local function third(_, n) return n end
rt.direct = rt.direct or {}
for name, w in pairs({poke = {poke, values}, poke2 = {poke2, words}, poke4 = {poke4, longs},
                      memset = {memset, third}, memcpy = {memcpy, third}}) do
 _G[name] = writer(w[1], w[2], name)
 rt.direct[name] = true
end

-- pset's path with a fill pattern (draw.lua) runs in a coroutine as the API calls do
rt.pset_pattern = api("pset", rt.pset_pattern)

-- (a function in rt.direct runs in the caller's thread: it owes its own fixed cost)
local direct = rt.direct or {}
for name, f in pairs(_G) do
 if type(f) == "function" and sub(getinfo(f, "S").source, 1, 9) == "=runtime/"
    and not direct[name] then
  _G[name] = api(name, f)
 end
end
