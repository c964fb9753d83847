-- wrk script for npm run bench:api: every request posts one application with
-- its own submission_id, as visitors' pages do.
-- Arguments (after wrk's --): a fresh 8-hex-digit tag for this run, so ids never
-- repeat across runs; then the JSON of the answers, without its closing brace.
local threads = {}

function setup(thread)
  thread:set("thread_id", #threads + 1)
  table.insert(threads, thread)
end

local run, answers
local sent = 0

function init(args)
  run, answers = args[1], args[2]
end

function request()
  sent = sent + 1
  local id = string.format("%s-%04x-4000-a000-%012x", run, thread_id, sent)
  return wrk.format("POST", nil, nil, '[' .. answers .. ',"submission_id":"' .. id .. '"}]')
end
