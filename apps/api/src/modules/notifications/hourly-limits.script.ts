// The hourly limits' Lua script, alone in its file: HourlyLimits runs it, and the queue bench's baseline runs the same.

/**
 * For each counter (KEYS) and its limit (ARGV, same order): 0 when the message is counted, else the seconds left in
 * the recipient's hour (the message is not counted then). The hour opens with the first message: INCR creates the
 * key and the expiry is set in the same script, so a counter never lives without one.
 */
export const TAKE = `
local answers = {}
for index, key in ipairs(KEYS) do
  local sent = redis.call('INCR', key)
  if sent == 1 then redis.call('EXPIRE', key, 3600) end
  if sent <= tonumber(ARGV[index]) then
    answers[index] = 0
  else
    redis.call('DECR', key)
    answers[index] = math.max(1, redis.call('TTL', key))
  end
end
return answers`;
