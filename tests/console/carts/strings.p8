pico-8 cartridge // http://www.pico-8.com
version 42
__lua__
#include harness.lua
-- strings and p8scii (manual: strings and type conversion, appendix a)
s="the quick brown fox"
eq(#s,19,"# is the length")
eq(sub(s,5,9),"quick","sub(s,5,9)") eq(sub(s,5),"quick brown fox","sub(s,5)")
eq(sub(s,5,_),"q","sub with a non-number end")
eq("three "..4,"three 4","joining numbers")
eq(chr(64),"@","chr(64)") eq(chr(104,101,108,108,111),"hello","chr of several")
eq(ord("@"),64,"ord") eq(ord("123",2),50,"ord index")
-- ord(s,i,n): n codes from i (the manual's example "ord('123',2,3) -- 50,51,52" runs past
-- the string's end; its text, "multiple values starting from index", is what is checked)
a,b,c=ord("123",1,3) eq(a+b+c,150,"ord count") eq(c,51,"third code")
t=split("1,2,3") eq(t[2]+t[3],5,"split converts numbers")
t=split("one:two:3",":",false) eq(t[3],"3","split keeps strings")
t=split("1,,2,") eq(#t,4,"split keeps empty items") eq(t[2],"","empty item")
eq(type(3),"number","type") eq(type("3"),"string","type of a string")
eq(tostr(nil),"[nil]","tostr(nil)") eq(tostr(),"","tostr()")
eq(ord("⬅️"),139,"⬅️ is one p8scii character, 139")
eq(ord("▒"),129,"▒ is 129")
eq(#"🅾️❎",2,"glyphs are one character each")
eq(chr(151),"❎","chr(151)")
eq(print("hoge",0,-20),16,"print returns the right-most x: 4 px a character")
eq(print("⬅️",0,-20),8,"glyphs 128-255 are 8 px wide")
eq(print("a\nbc",0,-20),8,"widest line of several")
done()
