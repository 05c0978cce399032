-- conformance harness: each check compares a value with what the pico-8 manual
-- (0.2.6b) says; printh reports failures and, from done(), the totals
checks,failures=0,0
function eq(got,want,what)
 checks+=1
 if got!=want then
  failures+=1
  printh("fail: "..what..": got "..tostr(got).." want "..tostr(want))
 end
end
function done()
 printh("checks: "..checks.." failures: "..failures)
end
