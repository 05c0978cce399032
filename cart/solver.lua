function line_clue(m,n)
 local c,r={},0
 for x=0,n do
  if m>>>x&1!=0 then
   r+=1
  elseif r>0 then
   add(c,r) r=0
  end
 end
 return c
end

local ix={}
for x=1,16 do ix[1<<x-1]=x end

function solve(rc,cc,rf,re)
 local h,w,it,d,z=#rc,#cc,0,{},#rc*#cc
 local function put(i,nf,ne)
  local q,m=i>h and h or 0,nf|ne
  local b=1<<i-1-q
  rf[i]|=nf re[i]|=ne
  while m!=0 do
   local t=m&-m
   local j=ix[t]+h-q
   if (nf&t!=0) rf[j]|=b else re[j]|=b
   d[j]=false m^^=t z-=1
  end
 end
 for x=1,w do rf[h+x]=0 re[h+x]=0 end
 for y=1,h do put(y,rf[y],re[y]) end
 while true do
  local ch=z
  for i=1,h+w do
   if not d[i] then
    d[i]=true
    local c,n,f,e,a,o,mm=rc[i] or cc[i-h],i>h and h or w,rf[i],re[i],-1,0,{}
    local k,u,lat,l=#c,(1<<n)-1^^f^^e,{},n+1
    for j=k,1,-1 do l-=c[j]+1 lat[j]=l end
    if f|e==0 then
     a=0
     for j=1,k do a|=(1<<max(c[j]-l,0))-1<<lat[j] end
     o=l%(n+1)>0 and u or a
    else
    local function pl(j,s0,acc)
     local v,h=mm[j*32+s0],-1<<s0
     if j>k then
      v,h=f&h==0,0
     elseif v==nil then
      v=false
     for s=s0,lat[j] do
      local t=s+c[j]
      local m=(1<<t)-(1<<s)
      if m&e|f&1<<t==0 and pl(j+1,t+1,acc|m) then
       v=true
       if ((a|~o)&u&h==0) break
      end
      if (f&1<<s!=0) break
     end
     mm[j*32+s0]=v
     return v
     end
     if (v) a&=acc|h o|=acc
     return v
    end
    if (not pl(1,0,0)) return "contradiction",it
    end
    put(i,a&u,u&~o)
    if (solve_hook) solve_hook()
   end
  end
  if (z<ch) it+=1
  if (z==0) return "solved",it
  if (z==ch) return "stalled",it
 end
end
