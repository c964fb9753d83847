// A stand-in for TikTok's Events API 2.0, written from TikTok's documentation and the destinations
// that send it, not from our sender:
// - https://business-api.tiktok.com/portal/docs?id=1771100865818625 ("Events API 2.0": POST
//   /open_api/v1.3/event/track/ with the Access-Token header; event_source "web", event_source_id
//   the pixel code, test_event_code, data[] of event, event_time in unix seconds, event_id, user
//   {email, phone (SHA-256), ttclid, ip, user_agent}, page {url}, properties {value, currency})
// - TikTok API for Business, "Return codes" (business-api.tiktok.com/portal/docs): HTTP 200 with a
//   body `code`, 0 for success; 40100 throttled; 40001 / 40002 the access token or its permission;
//   40105 a token incorrect or revoked. An event carrying test_event_code is shown, not saved.
// - Segment's and RudderStack's TikTok Conversions destinations, as DESIGN's contract cites them.
// The number for an invalid parameter here (40000) is the stand-in's own: the tests only need it
// to be none of the codes above.
import { isIP } from 'node:net'
import {
  isRecord,
  isSha256Hex,
  SEVEN_DAYS_S,
  SKEW_S,
  startStandIn,
  ToldAnswers,
  type Reply,
} from './stand-in-server.ts'

export type TiktokTold = 'throttled' | 'bad-token' | 'no-permission' | 'transient' | 'stall'

const answer = (code: number, message: string, status = 200): Reply => ({
  status,
  body: { code, message, request_id: `tt-${Date.now()}`, data: {} },
})

const TOLD: Record<Exclude<TiktokTold, 'stall'>, Reply> = {
  throttled: answer(40100, 'Requests made too frequently'),
  'bad-token': answer(40001, 'Access token is invalid'),
  'no-permission': answer(40002, 'No permission to operate this pixel'),
  transient: answer(50000, 'Internal error', 500),
}

// One SHA-256 hex string, or a list of them (Events API 2.0 takes both).
const isHashList = (value: unknown) =>
  isSha256Hex(value) || (Array.isArray(value) && value.length > 0 && value.every(isSha256Hex))

/** Why TikTok would refuse this event, or undefined when it would take it. */
export function tiktokEventProblem(event: unknown, nowS: number): string | undefined {
  if (!isRecord(event)) return 'an event must be an object'
  if (typeof event.event !== 'string' || event.event === '') return 'event is required'
  const time = event.event_time
  if (typeof time !== 'number' || !Number.isInteger(time)) return 'event_time must be unix seconds'
  if (time > nowS + SKEW_S) return 'event_time is in the future'
  if (time < nowS - SEVEN_DAYS_S) return 'event_time is older than 7 days'
  if (typeof event.event_id !== 'string' || event.event_id === '') return 'event_id is required for deduplication'
  const user = event.user
  if (!isRecord(user)) return 'user is required'
  for (const key of ['email', 'phone', 'external_id'])
    if (user[key] !== undefined && !isHashList(user[key])) return `user.${key} must be SHA-256 hex`
  if (user.ttclid !== undefined && (typeof user.ttclid !== 'string' || user.ttclid === '')) return 'user.ttclid'
  if (user.ip !== undefined && isIP(String(user.ip)) === 0) return 'user.ip is not an IP address'
  if (![user.email, user.phone, user.ttclid, user.external_id].some((key) => key !== undefined))
    return 'user has nothing to match on'
  if (event.page !== undefined && !(isRecord(event.page) && URL.canParse(String(event.page.url))))
    return 'page.url must be a URL'
  const properties = event.properties
  if (properties !== undefined) {
    if (!isRecord(properties)) return 'properties must be an object'
    if (properties.value !== undefined && typeof properties.value !== 'number') return 'properties.value'
    if (properties.currency !== undefined && !/^[A-Z]{3}$/.test(String(properties.currency)))
      return 'properties.currency must be an ISO 4217 code'
  }
  return undefined
}

/** TikTok's Events API on loopback for one pixel code and token. `url` is what TIKTOK_API_URL is set to. */
export async function startTiktokStandIn({ pixelCode, accessToken }: { pixelCode: string; accessToken: string }) {
  const told = new ToldAnswers<TiktokTold>()
  const events: { event: Record<string, unknown>; testEventCode: unknown }[] = []
  const refusals: string[] = []
  const refuse = (why: string) => (refusals.push(why), answer(40000, `Invalid parameters: ${why}`))
  const standIn = await startStandIn((request) => {
    if (request.method !== 'POST' || !/^\/open_api\/v\d+\.\d+\/event\/track\/$/.test(request.path))
      return (refusals.push(request.path), { status: 404 })
    const kind = told.next()
    if (kind === 'stall') return 'stall'
    if (kind !== undefined) return TOLD[kind]
    if (request.headers['access-token'] !== accessToken) return (refusals.push('access token'), TOLD['bad-token'])
    const body = isRecord(request.body) ? request.body : {}
    if (body.event_source !== 'web') return refuse('event_source must be web')
    if (body.event_source_id !== pixelCode) return (refusals.push('pixel code'), TOLD['no-permission'])
    const data = body.data
    if (!Array.isArray(data) || data.length === 0 || data.length > 1000)
      return refuse('data must hold 1 to 1000 events')
    const nowS = Math.floor(Date.now() / 1000)
    for (const event of data) {
      const problem = tiktokEventProblem(event, nowS)
      if (problem !== undefined) return refuse(problem)
    }
    for (const event of data as Record<string, unknown>[]) events.push({ event, testEventCode: body.test_event_code })
    return answer(0, 'OK')
  })
  return { ...standIn, url: `${standIn.origin}/open_api/v1.3`, events, refusals, answer: told.answer.bind(told) }
}
