-- wrk script: a mix of the explorer's API requests, cycling through
-- periods of small and medium sets (normal and misère), value listings,
-- huge heaps, sums, game positions, all-but sets and a small sweep.
-- Usage: wrk -t2 -c16 -d30s -s mixed.lua http://127.0.0.1:PORT
local paths = {
  "/api/period?set=2,3,7",
  "/api/period?set=1,2,5&misere=true",
  "/api/period?set=3,5,9",
  "/api/period?set=7,12,20",
  "/api/period?set=all-but:2,3,6,8",
  "/api/values?set=1,2,3&to=1000",
  "/api/values?set=2,5,6,11&to=5000&misere=true",
  "/api/values?set=all-but:2,3,7&to=2000",
  "/api/heap?set=2,3,7&n=123456789012345678901234567890",
  "/api/sum?heaps=1,2,3:10;2,3:7;nim:5",
  "/api/sum?heaps=1,2,3:10;nim:5&misere=true",
  "/api/play?heaps=1,2,3:31",
  "/api/play?heaps=1,2,3:20;2,3:15&misere=true",
  "/api/sweep?family=a,b&a=1..5&b=a%2B1..a%2B5",
  "/",
}
local i = 0
request = function()
  i = i + 1
  return wrk.format("GET", paths[(i % #paths) + 1])
end
