-- rnd and srand: PICO-8's generator as the independent implementations reproduce it (zepto8,
-- and fake-08's update_prng/api_srand), so a seeded sequence is the one players see.
-- Two 32-bit words a, b (16.16 numbers used as raw bits: z8lua's arithmetic wraps mod 2^32).
-- A step sets b = a + (b rotated by 16 bits), then a += b. srand(x) sets a to x's bits without
-- the sign bit (0xdeadbeef for 0), b = a ^ 0xbead29ba, and steps 32 times; rnd(x) steps and
-- returns the number whose bits are b mod x's bits, both read unsigned (0 for x = 0).
local rt, host = ...
local rotl, type, num = rotl, type, rt.num

local a, b = 0, 0

local function step()
 b = a + rotl(b, 16)
 a += b
 return b
end

-- u mod m, both raw 32-bit words read unsigned (m ~= 0)
local SIGN = 0x8000   -- raw 0x80000000
local function umod(u, m)
 if m > 0 and m >= 1 then
  -- z8lua's % is exact for a positive dividend and a divisor of at least 1
  if u >= 0 then return u % m end
  local r = (u & 0x7fff.ffff) % m + ((0x7fff.ffff % m) + 0x0.0001) % m   -- u - 2^31, 2^31
  if r < 0 or r >= m then r -= m end
  return r
 end
 -- long division, a bit at a time, comparisons unsigned (sign bits flipped)
 local r = 0
 for i = 31, 0, -1 do
  local carry = r < 0
  r = (r << 1) | ((u >>> i) & 0x0.0001)
  if carry or (r ^^ SIGN) >= (m ^^ SIGN) then r -= m end
 end
 return r
end
rt.umod = umod

function srand(x)
 a = num(x, 0) & 0x7fff.ffff
 if a == 0 then a = 0xdead.beef end
 b = a ^^ 0xbead.29ba
 for _ = 1, 32 do step() end
end

function rnd(x)
 if type(x) == "table" then
  local n = #x
  if n == 0 then return nil end
  return x[(umod(step(), n) \ 1) + 1]
 end
 local m = num(x, 1)
 local v = step()
 if m == 0 then return 0 end
 return umod(v, m)
end

srand(0)
