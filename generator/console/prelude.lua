-- Run once in a fresh lupaz8 state before the cart. It receives the Python side's tables,
-- keeps private references to the Lua libraries the console needs, then strips the globals
-- down to PICO-8's: anything PICO-8 has that the console lacks is a loud error when read.
local api, names, chunk = ...
local sethook, traceback, getinfo = debug.sethook, debug.traceback, debug.getinfo
local create, xpcall, error, rawget, load = coroutine.create, xpcall, error, rawget, load

-- instruction counting: the hook runs every `chunk` VM instructions; counts are kept in two
-- numbers because PICO-8 numbers wrap at 32767
local lo, hi, cap = 0, 0, 32767
local function hook()
 lo += 1
 if lo == 10000 then
  lo = 0 hi += 1
  if hi >= cap then
   error("frame ran over "..(cap*10000).." hook chunks (endless loop?)", 2)
  end
 end
end

-- coroutines do not inherit a hook function: give each new one the counter
cocreate = function(f)
 local co = create(f)
 sethook(co, hook, "", chunk)
 return co
end

for k, v in pairs(api) do _G[k] = v end

-- PICO-8 has none of these (reading one gives nil, as on PICO-8); the console keeps its own
-- references above. They must stay plain nils: lupaz8 itself looks `debug` up.
local hidden = {"io", "os", "package", "require", "dofile", "loadfile", "load", "python",
 "debug", "string", "table", "coroutine", "collectgarbage", "pcall", "xpcall", "error",
 "tostring", "tonumber", "_VERSION", "math", "utf8", "module"}
local missing = {}
for _, k in ipairs(hidden) do _G[k] = nil end
for _, k in ipairs(names) do
 if rawget(_G, k) == nil then missing[k] = "unimplemented PICO-8 API: " end
end
setmetatable(_G, {__index = function(t, k)
 local why = missing[k]
 if why then error(why..tostr(k), 2) end
end})

local ctl = {}
-- load the cart's code as a chunk named after the cart
function ctl.compile(code, name)
 local f, err = load(code, name, "t", _G)
 return f or false, err or false
end
-- call f() with counting on; returns ok, error message with traceback
function ctl.run(f, ...)
 lo, hi = 0, 0
 sethook(hook, "", chunk)
 local ok, err = xpcall(f, function(e)
  return traceback(tostr(e), 2)
 end, ...)
 sethook()
 return ok, err
end
function ctl.count() return hi, lo end
function ctl.set_cap(c) cap = c end
function ctl.global(k) return rawget(_G, k) end
return ctl
