pico-8 cartridge // http://www.pico-8.com
version 42
__lua__
#include harness.lua
-- cartdata (manual: cartridge data)
loaded=cartdata("picross8_conformance")
runs=dget(0)
if runs==0 then
 eq(loaded,false,"first run: nothing loaded")
 dset(0,1) dset(63,-2.5)
 eq(dget(0),1,"dset then dget") eq(dget(63),-2.5,"fractions and signs kept")
 eq(peek4(0x5e00),1,"cartdata is mapped at 0x5e00")
 poke4(0x5e04,7) eq(dget(1),7,"poking 0x5e00..0x5eff is the same data")
 eq(dget(64),0,"index past 63 reads 0")
else
 eq(loaded,true,"second run: data loaded")
 eq(dget(0),1,"dget(0) persisted") eq(dget(63),-2.5,"dget(63) persisted")
 eq(dget(1),7,"a poked value persisted")
end
done()
