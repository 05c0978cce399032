-- sin and cos as PICO-8 has them (turns, sin inverted: sin(0.25) = -1), each the exact value
-- rounded to the nearest 16.16 number. z8lua's own are off (+-1.62 at quarter turns). The
-- quarter wave comes as data (rt.sine0/1/2: the low, middle and high bytes of the raw 16.16
-- bits of sin rounded, per 1/65536 turn from 0 to 1/4 inclusive), made once by
-- generator/runtime/__init__.py.
local rt, host = ...
local ord, num = ord, rt.num
local s0, s1, s2 = rt.sine0, rt.sine1, rt.sine2

-- sin(2 pi x) rounded (the raw bits of the quarter table, mirrored)
local function wave(x)
 local q = x & 0x0.c
 local i = (x & 0x0.3fff) << 16   -- 0..16383 within the quarter
 if q == 0x0.4 or q == 0x0.c then i = 16384 - i end
 local k = i + 1
 local v = ord(s2, k) + (ord(s1, k) >> 8) + (ord(s0, k) >> 16)
 return q >= 0x0.8 and -v or v
end

function sin(x) return -wave(num(x, 0)) end
function cos(x) return wave(num(x, 0) + 0.25) end
