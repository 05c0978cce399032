pico-8 cartridge // http://www.pico-8.com
version 42
__lua__
#include harness.lua
-- tables and iteration (manual: table functions)
foo={} add(foo,11) add(foo,22) eq(foo[2],22,"add appends")
add(foo,5,1) eq(foo[1],5,"add with an index inserts") eq(#foo,3,"after insert")
a={1,10,2,11,3,12}
for item in all(a) do if item<10 then del(a,item) end end
eq(a[1]..a[2]..a[3],"101112","all() while deleting (manual's example)") eq(a[3],12,"a[3]")
eq(del(a,99),nil,"del of a missing value returns nothing")
eq(del(a,11),11,"del returns the item")
b={1,2,3} eq(deli(b),3,"deli removes the last") eq(deli(b,1),1,"deli(b,1)") eq(b[1],2,"left shift")
eq(count({1,2,2,3}),4,"count") eq(count({1,2,2,3},2),2,"count of a value")
t={11,12,13} add(t,14) add(t,"hi") s=""
for v in all(t) do s..=v.."," end
eq(s,"11,12,13,14,hi,","all() in order") eq(#t,5,"#t")
n=0 foreach({1,2,3},function(v) n+=v end) eq(n,6,"foreach")
c={1,2,3,4} seen=""
foreach(c,function(v) seen..=v del(c,v) end)
eq(seen,"1234","foreach while the table shrinks")
p={hello=3,[10]="blah"} p.blue=5 k=0
for key,v in pairs(p) do k+=1 end eq(k,3,"pairs visits every item")
eq(select("#",1,2,3),3,"select('#')")
eq(select(2,"a","b","c"),"b","select(2,...)")
x,y=unpack({7,8}) eq(y,8,"unpack")
q=pack(1,nil,3) eq(q.n,3,"pack counts nils")
mt={__add=function(a,b) return {x=a.x+b.x} end}
v1=setmetatable({x=2},mt) v2=setmetatable({x=1},mt)
eq((v1+v2).x,3,"metatables (manual's vec2d)")
eq(getmetatable(v1),mt,"getmetatable")
eq(rawget(v1,"x"),2,"rawget") eq(rawlen({1,2}),2,"rawlen")
done()
