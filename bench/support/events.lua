-- wrk script for npm run bench:events: every request posts the same batch of
-- funnel events, as a visitor's page does when its queue fills.
-- Argument (after wrk's --): the batch's JSON.
local batch

function init(args)
  batch = args[1]
end

function request()
  return wrk.format("POST", nil, nil, batch)
end
