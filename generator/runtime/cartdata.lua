-- dget and dset: cartdata's 64 numbers at 0x5e00-0x5eff. The host opens the store
-- (cartdata(id)), writes it there, and persists these 256 bytes once a frame.
local rt, host = ...
local peek4, poke4, int, num = peek4, poke4, rt.int, rt.num

function dget(i)
 i = int(i)
 if i < 0 or i > 63 then return 0 end
 return peek4(0x5e00 + 4 * i)
end

function dset(i, v)
 i = int(i)
 if i >= 0 and i < 64 then poke4(0x5e00 + 4 * i, num(v, 0)) end
end
