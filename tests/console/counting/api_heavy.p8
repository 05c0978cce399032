pico-8 cartridge // http://www.pico-8.com
version 42
__lua__
cartdata("runtime_counts")
srand(7)
t={}
function _update()
 for i=0,20 do
  t[#t%10+1]=rnd(10)+sin(i/20)+cos(i/30)
  if btn(i%6) or btnp(i%6) then t[1]=i end
  dset(i%64,i) t[2]=dget(i%64)
  poke(0x4300+i,i) t[3]=peek(0x4300+i)+peek2(0x4300)+peek4(0x4300)
  mset(i,i,i) t[4]=mget(i,i) fset(i,i%8,true) t[5]=fget(i)+(fget(i,1) and 1 or 0)
 end
 memcpy(0x4400,0x4300,32) memset(0x4500,1,32)
 t[6]=stat(1)+time()
end
function _draw()
 cls(1)
 camera(1,2) clip(2,2,120,120)
 for i=0,30 do
  color(i%16) pset(i*4%128,i*7%128) t[7]=pget(i,i)
  line(i,0,127-i,127,i%16) rect(i,i,i+9,i+5) rectfill(i*2,i,i*2+3,i+3,(i+3)%16)
  circ(64,64,i%20) circfill(i*3%128,i*5%128,i%6,i%16)
  oval(i,i,i+12,i+7) ovalfill(i+2,i,i+8,i+11,(i+5)%16)
  spr(i%16,i*4%120,i*5%120) sspr(i%64,i%64,8,8,i,i,12,12)
  sset(i,i,i%16) t[8]=sget(i,i)
  pal(i%16,(i+1)%16) palt(i%16,i%2==0) fillp(i%3==0 and 0x5a5a or 0)
  print("count "..i,i,i*4%120,i%16) cursor(i,i) print(i)
 end
 pal() palt() fillp() camera() clip()
 map(0,0,0,0,16,16)
end
