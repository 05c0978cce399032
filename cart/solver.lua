-- solver.lua: baseline port (work in progress)

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
 local full,k,lat,a,o,seen=(1<<n)-1,#c,{},-1,0
 local u=full&~(f|e)
 local l=n+1
 for j=k,1,-1 do l-=c[j]+1 lat[j]=l end
 local function pl(j,s0,acc)
  if j>k then
   if (f&-1<<s0!=0) return
   a&=acc o|=acc seen=true
   return a&u==0 and ~o&u==0
  end
  local r=(1<<c[j])-1
  for s=s0,lat[j] do
   if (s>s0 and f>>>s-1&1!=0) break
   local m=r<<s
   if m&e==0 and f>>>s+c[j]&1==0 and pl(j+1,s+c[j]+1,acc|m) then
    return true
   end
  end
 end
 pl(1,0,0)
 if (seen) return f|a&full,e|full&~o
end

local function put(i,nf,ne,n,xf,xe,xd)
 local b=1<<i-1
 for x=1,n do
  local m=1<<x-1
  if (nf&m!=0) xf[x]|=b xd[x]=true
  if (ne&m!=0) xe[x]|=b xd[x]=true
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
    put(i,nf,ne,n,xf,xe,xd)
   end
   if (solve_hook) solve_hook()
  end
 end
 return ch
end

function solve(rc,cc,rf,re)
 local h,w,cf,ce,rd,cd,it=#rc,#cc,{},{},{},{},0
 for x=1,w do cf[x]=0 ce[x]=0 cd[x]=true end
 for y=1,h do rd[y]=true put(y,rf[y],re[y],w,cf,ce,cd) end
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
