-- Run once in a fresh lupaz8 state before the cart. It receives the Python side's tables,
-- keeps private references to the Lua libraries the console needs, then strips the globals
-- down to PICO-8's: anything PICO-8 has that the console lacks is a loud error when read.
local api, names, chunk, strict = ...
local sethook, traceback, getinfo = debug.sethook, debug.traceback, debug.getinfo
local create, xpcall, error, rawget, load = coroutine.create, xpcall, error, rawget, load

-- instruction counting: the hook runs every `chunk` VM instructions and adds 1/65536 to n,
-- so n's 32 bits count the calls (PICO-8 numbers would wrap at 32767 as integers). The hook's
-- own instructions also use up the countdown; the Python side calibrates for that.
local n, cap = 0, 0x7fff
local function hook()
 n += 0x0.0001
 if n >= cap then
  error("frame ran over the console's instruction limit (endless loop?)", 2)
 end
end

-- coroutines do not inherit a hook function: give each new one the counter
cocreate = function(f)
 local co = create(f)
 sethook(co, hook, "", chunk)
 return co
end

-- a coroutine's error comes back from coresume as (false, message), which a cart that
-- ignores the result never sees; in strict mode (the console's default) it is raised instead
local resume, pack, unpack = coroutine.resume, pack, unpack
coresume = function(co, ...)
 local r = pack(resume(co, ...))
 if strict and not r[1] then
  error(traceback(co, "in coroutine: "..tostr(r[2])), 2)
 end
 return unpack(r, 1, r.n)
end

for k, v in pairs(api) do _G[k] = v end

-- stat(1)/stat(2) need the running count; Python cannot call back into Lua for it from
-- inside a coroutine, so the count travels with the call
local pystat = stat
stat = function(k) return pystat(k, n) end

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
 n = 0
 sethook(hook, "", chunk)
 local ok, err = xpcall(f, function(e)
  return traceback(tostr(e), 2)
 end, ...)
 sethook()
 return ok, err
end
function ctl.count() return n end
-- hook calls for a fixed loop with the hook every k instructions
function ctl.calibrate(k)
 n = 0
 sethook(hook, "", k)
 local s = 0
 for j = 1, 10 do for i = 1, 4000 do s += i end end
 sethook()
 return n
end
function ctl.set_cap(c) cap = c end
function ctl.global(k) return rawget(_G, k) end
return ctl
