-- One wrk script for every scenario. Arguments (after `--`): mode, path, file, run id.
--   static  GET path                                  (front page, search, tag list, /me)
--   ids     GET path .. <random id from file>         (job, offer and address reads, both baselines)
--   create  POST path, a job body, a fresh Idempotency-Key per request
--   patch   PATCH path .. <id>, expected_version tracked per job from each answer
--   entry   POST path .. <id> .. /entries, a thread entry, a fresh Idempotency-Key per request; the
--           threads in the file taken in turn, so writes spread evenly under the per-thread limit
-- BENCH_TOKEN (environment), when set, goes in `Authorization: Bearer …`.
-- Every answer that is not 2xx is counted; done() prints one line: BENCH_RESULT {json}.

local threads = {}
local thread_count = 0

function setup(thread)
  thread_count = thread_count + 1
  thread:set("index", thread_count)
  table.insert(threads, thread)
end

local mode, path, run_id
local headers = {}
local ids = {}
-- patch: a queue of jobs not in flight, { id, version }. A job leaves it when its PATCH is sent and
-- comes back with the version the answer carries (the new one, or `current` on a conflict), so no
-- two connections ever edit the same job and every expected_version is the latest.
local queue, first, last = {}, 1, 0
local sent = 0
non2xx = 0

local function push(job)
  last = last + 1
  queue[last] = job
end

local function pop()
  if first > last then return nil end
  local job = queue[first]
  queue[first] = nil
  first = first + 1
  return job
end

local function read_lines(file)
  local lines = {}
  for line in io.lines(file) do
    if line ~= "" then table.insert(lines, line) end
  end
  return lines
end

function init(args)
  mode, path, run_id = args[1], args[2], args[4] or "run"
  local threads_total = tonumber(os.getenv("BENCH_THREADS") or "1")
  math.randomseed(os.time() * 1000 + index * 7919)
  local token = os.getenv("BENCH_TOKEN")
  if token and token ~= "" then headers["Authorization"] = "Bearer " .. token end
  if mode == "ids" or mode == "entry" then
    ids = read_lines(args[3])
  elseif mode == "patch" then
    -- Each thread takes every threads_total-th job, so threads never share one either.
    for i, line in ipairs(read_lines(args[3])) do
      if (i - 1) % threads_total == index - 1 then
        local id, version = line:match("^(%S+)%s+(%d+)$")
        push({ id = id, version = tonumber(version) })
      end
    end
  end
  if mode == "create" or mode == "patch" or mode == "entry" then headers["Content-Type"] = "application/json" end
end

function request()
  sent = sent + 1
  if mode == "ids" then
    return wrk.format("GET", path .. ids[math.random(#ids)], headers)
  elseif mode == "create" then
    headers["Idempotency-Key"] = "bench-" .. run_id .. "-" .. index .. "-" .. sent
    local body = '{"title":"Help planting a vegetable bed ' .. sent .. '",' ..
      '"outcome":"Two raised beds dug, planted and watered","scope":"Dig two beds, plant seedlings we provide, water them.",' ..
      '"deliverables":"Photos of the planted beds","tags":["gardening","outdoor"],' ..
      '"budget":{"amount":' .. (40 + sent % 60) .. ',"currency":"GBP"},"completion_checklist":["Dig","Plant","Water"]}'
    return wrk.format("POST", path, headers, body)
  elseif mode == "entry" then
    headers["Idempotency-Key"] = "bench-" .. run_id .. "-" .. index .. "-" .. sent
    -- Each thread of wrk starts at its own place in the list.
    local thread_id = ids[1 + (sent + (index - 1) * 37) % #ids]
    local kinds = { "update", "next_step", "blocker", "deliverable" }
    -- The text starts with the prefix the bench clears between runs (seed.ts BENCH_ENTRY_PREFIX).
    local body = '{"kind":"' .. kinds[1 + sent % #kinds] .. '","text":"Bench update ' .. sent ..
      ': the hall is booked for Saturday and the invitations went out this morning."}'
    return wrk.format("POST", path .. thread_id .. "/entries", headers, body)
  elseif mode == "patch" then
    local job = pop()
    if job == nil then error("patch: more connections than jobs in the pool") end
    local body = '{"expected_version":' .. job.version .. ',"title":"Edited job ' .. job.id .. ' (' .. sent .. ')"}'
    return wrk.format("PATCH", path .. job.id, headers, body)
  end
  return wrk.format("GET", path, headers)
end

function response(status, _, body)
  if status < 200 or status > 299 then non2xx = non2xx + 1 end
  if mode == "patch" then
    -- The job's own id and version come first in both a job and a conflict's `current`.
    local id = body:match('"id":"([^"]+)"')
    local version = body:match('"version":(%d+)')
    if id and version then push({ id = id, version = tonumber(version) }) end
  end
end

function done(summary, latency, _)
  local failed = 0
  for _, thread in ipairs(threads) do failed = failed + (thread:get("non2xx") or 0) end
  local errors = summary.errors
  io.write(string.format(
    'BENCH_RESULT {"requests":%d,"duration_us":%d,"non2xx":%d,"socket_errors":%d,"timeouts":%d,' ..
      '"p50_us":%d,"p99_us":%d,"max_us":%d,"mean_us":%.1f}\n',
    summary.requests, summary.duration, failed, errors.connect + errors.read + errors.write, errors.timeout,
    latency:percentile(50), latency:percentile(99), latency.max, latency.mean))
end
