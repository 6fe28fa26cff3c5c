-- Viewers for benchmarks/bench_load.py: wrk ... -s bench_load.lua URL -- TOKEN PAUSE_MS IDS [LANGS]
-- Each request is the current pairings (50 %), the standings (30 %) or a participant's page
-- (20 %, one of IDS), gzip accepted as a phone's browser does; PAUSE_MS (+-20 %) between a
-- connection's requests; LANGS (e.g. "en,fr,de"): each request's Accept-Language, one at random.
-- Prints one JSON line with the latency percentiles and the rate.
local token, pause, ids, langs = "", 0, {}, {}

function init(args)
  token = args[1]
  pause = tonumber(args[2]) or 0
  for id in string.gmatch(args[3] or "", "[^,]+") do ids[#ids + 1] = id end
  for lang in string.gmatch(args[4] or "", "[^,]+") do langs[#langs + 1] = lang end
  math.randomseed(os.time() + math.floor(os.clock() * 1000000))
end

function request()
  local pick, path = math.random(), ""
  if pick < 0.5 then
    path = "/p/" .. token .. "/"
  elseif pick < 0.8 then
    path = "/p/" .. token .. "/standings/"
  else
    path = "/p/" .. token .. "/players/" .. ids[math.random(#ids)] .. "/"
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
    'JSON {"p50": %.1f, "p95": %.1f, "p99": %.1f, "rps": %.1f, "requests": %d, "errors": %d}\n',
    latency:percentile(50) / 1000, latency:percentile(95) / 1000, latency:percentile(99) / 1000,
    summary.requests / (summary.duration / 1000000), summary.requests,
    e.connect + e.read + e.write + e.status + e.timeout))
end
