-- solver.lua: v2 (memo, empty-line rule, scatter by bits)

function line_clue(m,n)
 local c,r={},0
 for x=0,n do
  if x<n and m>>>x&1!=0 then
   r+=1
  elseif r>0 then
   add(c,r) r=0
  end
 end
 return c
end

local function line(c,n,f,e)
 local full,k,lat,mm,a,o=(1<<n)-1,#c,{},{},-1,0
 local u,l=full&~(f|e),n+1
 for j=k,1,-1 do l-=c[j]+1 lat[j]=l end
 if f|e==0 and k>0 then
  local p=0
  for j=1,k do
   p+=c[j]
   if (p>lat[j]) f|=(1<<p-lat[j])-1<<lat[j]
   p+=1
  end
  if (l==0) e=full^^f
  return f,e
 end
 local function pl(j,s0,acc)
  local v,h=mm[j*32+s0],-1<<s0
  if j>k then
   v,h=f&h==0,0
  elseif v==nil then
   v=false
   local r=(1<<c[j])-1
   for s=s0,lat[j] do
    if (v and (a|~o)&u&h==0 or s>s0 and f>>>s-1&1!=0) break
    local t=s+c[j]
    if (r<<s&e==0 and f>>>t&1==0 and pl(j+1,t+1,acc|r<<s)) v=true
   end
   mm[j*32+s0]=v
   return v
  end
  if (v) a&=acc|h o|=acc
  return v
 end
 if (pl(1,0,0)) return f|a&full,e|full&~o
end

local ix={}
for x=1,16 do ix[1<<x-1]=x end

local function put(i,nf,ne,xf,xe,xd)
 local b,m=1<<i-1,nf|ne
 while m!=0 do
  local t=m&-m
  local x=ix[t]
  if (nf&t!=0) xf[x]|=b else xe[x]|=b
  xd[x]=true
  m^^=t
 end
end

local function pass(ls,n,f,e,d,xf,xe,xd)
 local ch=0
 for i=1,#ls do
  if d[i] then
   d[i]=false
   local nf,ne=line(ls[i],n,f[i],e[i])
   if (not nf) return
   nf&=~f[i] ne&=~e[i]
   if nf|ne!=0 then
    ch=1 f[i]|=nf e[i]|=ne
    put(i,nf,ne,xf,xe,xd)
   end
   if (solve_hook) solve_hook()
  end
 end
 return ch
end

function solve(rc,cc,rf,re)
 local h,w,cf,ce,rd,cd,it=#rc,#cc,{},{},{},{},0
 for x=1,w do cf[x]=0 ce[x]=0 cd[x]=true end
 for y=1,h do rd[y]=true put(y,rf[y],re[y],cf,ce,cd) end
 while true do
  local a=pass(rc,w,rf,re,rd,cf,ce,cd)
  local b=a and pass(cc,h,cf,ce,cd,rf,re,rd)
  if (not b) return "contradiction",it
  it+=a|b
  local done=true
  for y=1,h do if (rf[y]|re[y]!=(1<<w)-1) done=false end
  if (done) return "solved",it
  if (a|b==0) return "stalled",it
 end
end
