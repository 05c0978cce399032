-- screens: title, world select, puzzle select, play, solved, endless.
-- go(u,d) switches screen; each screen is an update and a draw.
function go(u,d)
 upd,drw,sf=u,d,0
end

-- the screen slots of the ui's colours 1-15 then 0 in each world (see
-- draw.lua): the draw palette maps them, the display palette shows them
ui={
 split"7,12,5,2,6,1,6,11,13,14,8,13,4,2,7,9",
 split"15,11,6,2,14,15,5,11,8,10,10,9,8,12,3,2"
}
for t in all(ui) do t[0]=deli(t) end

-- world w's colours: art=true leaves the draw palette alone (for
-- its art), else ui colours; fills the screen with the backdrop colour
function usepal(w,art)
 wo=w
 pal()
 pal(worlds[w].pal,1)
 palt(0)
 if (not art) pal(ui[w]) rectfill(0,0,127,127,0)
end

-- world w's backdrop strip from the spritesheet at y
function backdrop(w,y)
 local a=worlds[w]
 pal()
 pal(a.pal,1)
 sspr(a.bx,a.by,a.bw,a.bh,0,y)
 pal(ui[w])
end

-- text centred on x
function ct(s,x,y,c)
 print(s,x-#s*2,y,c)
end

-- o = blinking prompt
function blink(s,y)
 if (sf%30<20) ct(s,64,y,10)
end

-- title: "picross8" in filled cells over the first world's backdrop
logo=split"5103,29847,29263,23275,31599,31183,31183,31727"
function tupd()
 if (btnp(4)) go(wupd,wdrw)
end
function tdrw()
 usepal(1)
 backdrop(1,104)
 for k=0,7 do
  for b=0,14 do
   if logo[k+1]>>b&1==1 then
    local x,y=5+k*15+b%3*4,22+b\3*4
    rectfill(x+1,y+1,x+3,y+3,0)
    rectfill(x,y,x+2,y+2,k==7 and 9 or 4)
   end
  end
 end
 blink("press \142",100)
end

-- world select: left/right between worlds and endless
ws=1
function wupd()
 local n=#worlds+1
 if (btnp(0)) ws=(ws-2)%n+1
 if (btnp(1)) ws=ws%n+1
 if (btnp(5)) go(tupd,tdrw)
 if btnp(4) then
  if ws>#worlds then
   startendless()
  else
   ps=worlds[ws].first
   go(pupd,pdrw)
  end
 end
end
function wdrw()
 local w=min(ws,#worlds)
 usepal(w)
 backdrop(w,104)
 rectfill(24,44,103,79,1)
 rect(24,44,103,79,3)
 if ws>#worlds then
  ct("endless",64,50,6)
  ct("solved "..peek2(0x5e06),64,62,7)
 else
  local wd,s=worlds[ws],0
  for p=wd.first,wd.first+wd.count-1 do
   if (rec(p)>0) s+=1
  end
  ct(wd.title,64,50,6)
  ct(s.."/"..wd.count.." solved",64,62,7)
 end
 print("\139",16,59,10)
 print("\145",106,59,10)
 blink("\142 play  \151 back",108)
end

-- puzzle select: 7 tiles a row; a solved tile shows its picture
function pupd()
 local wd=worlds[ws]
 local i=ps-wd.first
 if (btnp(0)) i-=1
 if (btnp(1)) i+=1
 if (btnp(2)) i-=7
 if (btnp(3)) i+=7
 ps=wd.first+mid(0,i,wd.count-1)
 if (btnp(5)) go(wupd,wdrw)
 if (btnp(4)) startpz(ps)
end
function pdrw()
 local wd=worlds[ws]
 usepal(ws)
 local i=ps-wd.first
 local top=mid(0,i\7-2,(wd.count-1)\7-4)
 print(wd.title,2,2,10)
 for k=top*7,min(top*7+34,wd.count-1) do
  local p,x,y=wd.first+k,1+k%7*18,12+(k\7-top)*18
  local b=rec(p)
  rectfill(x,y,x+16,y+16,p==ps and 9 or 2)
  rectfill(x+1,y+1,x+15,y+15,1)
  if b>0 then
   for r=0,14 do
    local m=peek2(pz_base+p*30+r*2)
    for c=0,14 do
     if (m>>c&1==1) pset(x+1+c,y+1+r,ramp(r))
    end
   end
  else
   ct(k+1 .."",x+9,y+6,peek2(0x5e00)==p+1 and 9 or 6)
  end
 end
 local b=rec(ps)
 print("#"..ps-wd.first+1,2,112,10)
 if b>0 then
  print(pname(ps).."  best "..clock(b*30-30),2,120,6)
 else
  print(peek2(0x5e00)==ps+1 and "in progress" or "unsolved",2,120,7)
 end
end
