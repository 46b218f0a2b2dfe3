-- wrk script: POST a JSON body naming a board drawn at random from a file of
-- boards (one a line); each of THREADS threads stops after LIMIT/THREADS
-- responses. wrk itself reports the whole -d duration even when the threads
-- stop early, so each thread notes the wall-clock time at its first request
-- and at its last response, and done() prints the rate over that span.
-- Arguments after `--`: FILE LIMIT THREADS [EXTRA-JSON-FIELDS]
local boards = {}
local counter = 0
local threads = {}

local function now_ns()
  local pipe = io.popen("date +%s%N")
  local t = tonumber(pipe:read("*l"))
  pipe:close()
  return t
end
local answered = 0
local limit_per_thread = 0

function setup(thread)
  thread:set("id", counter)
  counter = counter + 1
  threads[#threads + 1] = thread
end

function init(args)
  local path = args[1]
  local limit = tonumber(args[2])
  local nthreads = tonumber(args[3])
  extra = args[4] or ""
  limit_per_thread = math.ceil(limit / nthreads)
  for line in io.lines(path) do
    if line ~= "" and line:sub(1, 1) ~= "#" then
      boards[#boards + 1] = line
    end
  end
  math.randomseed(id + 1)
  wrk.method = "POST"
  wrk.headers["Content-Type"] = "application/json"
end

function request()
  if not started then
    started = now_ns()
  end
  local board = boards[math.random(#boards)]
  local body = '{"board":"' .. board .. '"' .. extra .. '}'
  return wrk.format(nil, nil, nil, body)
end

function response(status, headers, body)
  answered = answered + 1
  if answered == limit_per_thread then
    finished = now_ns()
    wrk.thread:stop()
  end
end

function done(summary, latency, requests)
  local first, last
  for _, t in ipairs(threads) do
    local s, f = t:get("started"), t:get("finished")
    if s and (not first or s < first) then first = s end
    if f and (not last or f > last) then last = f end
  end
  if first and last then
    local seconds = (last - first) / 1e9
    io.write(string.format("%d responses in %.3f s (first request to last response): %.0f requests/s\n",
      summary.requests, seconds, summary.requests / seconds))
  end
  local errors = summary.errors
  io.write(string.format("responses %d, non-2xx %d, socket errors connect %d read %d write %d timeout %d\n",
    summary.requests, summary.errors.status, errors.connect, errors.read, errors.write, errors.timeout))
end
