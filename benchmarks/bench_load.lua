-- Viewers for benchmarks/bench_load.py:
--   wrk ... -s bench_load.lua URL -- TOKENS|EVENT IDS PAUSE_MS [LANGS]
-- TOKENS: the sections' public tokens, comma-separated (one for a lone tournament); EVENT: the
-- event's token or empty; IDS: "i:id" pairs, a player id of section i. Each request picks a
-- section at random, then its current pairings (50 %), standings (30 %) or one of its players'
-- pages (20 %); with an event, one request in ten is the event's page instead. gzip accepted as a
-- phone's browser does; PAUSE_MS (+-20 %) between a connection's requests; LANGS (e.g.
-- "en,fr,de"): each request's Accept-Language, one at random.
-- Prints one JSON line with the latency percentiles and the rate.
local tokens, event, pause, ids, langs = {}, "", 0, {}, {}

function init(args)
  local list, ev = string.match(args[1], "^([^|]*)|?(.*)$")
  for token in string.gmatch(list or "", "[^,]+") do tokens[#tokens + 1] = token; ids[#tokens] = {} end
  event = ev or ""
  for index, id in string.gmatch(args[2] or "", "(%d+):(%d+)") do
    local i = tonumber(index)
    ids[i][#ids[i] + 1] = id
  end
  pause = tonumber(args[3]) or 0
  for lang in string.gmatch(args[4] or "", "[^,]+") do langs[#langs + 1] = lang end
  math.randomseed(os.time() + math.floor(os.clock() * 1000000))
end

function request()
  local section = math.random(#tokens)
  local token, pick, path = tokens[section], math.random(), ""
  if event ~= "" and math.random() < 0.1 then
    path = "/p/e/" .. event .. "/"
  elseif pick < 0.5 then
    path = "/p/" .. token .. "/"
  elseif pick < 0.8 then
    path = "/p/" .. token .. "/standings/"
  else
    local mine = ids[section]
    path = "/p/" .. token .. "/players/" .. mine[math.random(#mine)] .. "/"
  end
  local headers = { ["Accept-Encoding"] = "gzip, deflate" }
  if #langs > 0 then headers["Accept-Language"] = langs[math.random(#langs)] end
  return wrk.format("GET", path, headers)
end

function delay()
  if pause <= 0 then return 0 end
  return math.floor(pause * (0.8 + 0.4 * math.random()))
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'JSON {"p50": %.1f, "p95": %.1f, "p99": %.1f, "mean": %.1f, "max": %.1f, "rps": %.1f, "requests": %d, "errors": %d}\n',
    latency:percentile(50) / 1000, latency:percentile(95) / 1000, latency:percentile(99) / 1000,
    latency.mean / 1000, latency.max / 1000,
    summary.requests / (summary.duration / 1000000), summary.requests,
    e.connect + e.read + e.write + e.status + e.timeout))
end
