// A stand-in for Meta's Conversions API, written from Meta's documentation, not from our sender:
// - https://developers.facebook.com/documentation/ads-commerce/conversions-api/using-the-api
//   (POST /{version}/{pixel}/events?access_token=…, `data` of at most 1,000 events, `test_event_code`,
//   the answer `{events_received, messages, fbtrace_id}`)
// - https://developers.facebook.com/docs/marketing-api/conversions-api/parameters/server-event
//   (event_name, event_time in unix seconds, not in the future, at most 7 days old; event_id;
//   action_source; event_source_url and client_user_agent required for website events)
// - https://developers.facebook.com/docs/marketing-api/conversions-api/parameters/customer-information-parameters
//   (em, ph, external_id: SHA-256 hex; client_ip_address; fbc)
// - https://developers.facebook.com/docs/marketing-api/conversions-api/parameters/fbp-and-fbc
//   (fbc = fb.1.<creation time in milliseconds>.<fbclid>)
// - https://developers.facebook.com/docs/graph-api/guides/error-handling (error codes 1, 2, 4, 17, 190,
//   80003; code 100 with subcode 2804003 for an event too old). One bad event refuses the whole request.
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

export type MetaTold = 'rate-limit' | 'transient' | 'bad-token' | 'too-old' | 'count-short' | 'stall'

const ACTION_SOURCES = new Set([
  'email',
  'website',
  'app',
  'phone_call',
  'chat',
  'physical_store',
  'system_generated',
  'business_messaging',
  'other',
])

const graphError = (status: number, code: number, message: string, subcode?: number): Reply => ({
  status,
  body: {
    error: {
      message,
      type: code === 190 ? 'OAuthException' : 'GraphMethodException',
      code,
      ...(subcode === undefined ? {} : { error_subcode: subcode }),
      fbtrace_id: `Atrace${Date.now()}`,
    },
  },
})

const TOLD: Record<Exclude<MetaTold, 'stall' | 'count-short'>, Reply> = {
  'rate-limit': graphError(400, 17, 'User request limit reached'),
  transient: graphError(500, 2, 'Service temporarily unavailable'),
  'bad-token': graphError(400, 190, 'Error validating access token: The session has been invalidated'),
  'too-old': graphError(400, 100, 'Invalid parameter', 2804003),
}

/** Why Meta would refuse this event, or undefined when it would take it. */
export function metaEventProblem(event: unknown, nowS: number): string | undefined {
  if (!isRecord(event)) return 'an event must be an object'
  if (typeof event.event_name !== 'string' || event.event_name === '') return 'event_name is required'
  const time = event.event_time
  if (typeof time !== 'number' || !Number.isInteger(time)) return 'event_time must be unix seconds'
  if (time > nowS + SKEW_S) return 'event_time is in the future (milliseconds instead of seconds?)'
  if (time < nowS - SEVEN_DAYS_S) return 'TOO_OLD'
  if (typeof event.event_id !== 'string' || event.event_id === '') return 'event_id is required for deduplication'
  if (typeof event.action_source !== 'string' || !ACTION_SOURCES.has(event.action_source))
    return 'action_source is not one Meta knows'
  const user = event.user_data
  if (!isRecord(user)) return 'user_data is required'
  if (event.action_source === 'website') {
    if (typeof event.event_source_url !== 'string' || !URL.canParse(event.event_source_url))
      return 'event_source_url is required for a website event'
    if (typeof user.client_user_agent !== 'string' || user.client_user_agent === '')
      return 'client_user_agent is required for a website event'
  }
  for (const key of ['em', 'ph', 'external_id'])
    if (user[key] !== undefined && !(Array.isArray(user[key]) && user[key].every(isSha256Hex)))
      return `user_data.${key} must be an array of SHA-256 hex (64 lower-case characters)`
  if (user.client_ip_address !== undefined && isIP(String(user.client_ip_address)) === 0)
    return 'client_ip_address is not an IP address'
  if (user.fbc !== undefined) {
    const match = /^fb\.1\.(\d{13})\.(\S+)$/.exec(String(user.fbc))
    if (!match) return 'fbc must be fb.1.<milliseconds>.<fbclid>'
    if (Number(match[1]) > (nowS + SKEW_S) * 1000) return 'fbc was created in the future: a modified fbclid'
  }
  if (![user.em, user.ph, user.external_id, user.fbc].some((key) => key !== undefined))
    return 'user_data has no customer information to match on'
  const custom = event.custom_data
  if (custom !== undefined) {
    if (!isRecord(custom)) return 'custom_data must be an object'
    if (custom.value !== undefined && typeof custom.value !== 'number') return 'custom_data.value must be a number'
    if (custom.currency !== undefined && !/^[A-Za-z]{3}$/.test(String(custom.currency)))
      return 'custom_data.currency must be an ISO 4217 code'
  }
  if (event.event_name === 'Purchase' && (!isRecord(custom) || custom.value === undefined || !custom.currency))
    return 'a Purchase needs custom_data.value and currency'
  return undefined
}

/** Meta's Conversions API on loopback for one pixel and token. `url` is what META_API_URL is set to. */
export async function startMetaStandIn({ pixelId, accessToken }: { pixelId: string; accessToken: string }) {
  const told = new ToldAnswers<MetaTold>()
  /** Every event taken, with the request's test_event_code. */
  const events: { event: Record<string, unknown>; testEventCode: unknown }[] = []
  const refusals: string[] = []
  const refuse = (reply: Reply, why: string) => (refusals.push(why), reply)
  const standIn = await startStandIn((request) => {
    const path = /^\/v\d+\.\d+\/([^/]+)\/events$/.exec(request.path)
    if (request.method !== 'POST' || !path) return refuse(graphError(400, 100, 'Unknown path'), request.path)
    const kind = told.next()
    if (kind === 'stall') return 'stall'
    if (kind !== undefined && kind !== 'count-short') return TOLD[kind]
    if (request.query.get('access_token') !== accessToken)
      return refuse(TOLD['bad-token'], 'the access token is not the pixel’s')
    if (path[1] !== pixelId)
      return refuse(graphError(400, 100, 'Unsupported post request: unknown pixel'), path[1] ?? '')
    const data = isRecord(request.body) ? request.body.data : undefined
    if (!Array.isArray(data) || data.length === 0 || data.length > 1000)
      return refuse(graphError(400, 100, 'data must hold 1 to 1000 events'), 'data')
    const nowS = Math.floor(Date.now() / 1000)
    for (const event of data) {
      const problem = metaEventProblem(event, nowS)
      if (problem === 'TOO_OLD') return refuse(TOLD['too-old'], 'event_time older than 7 days')
      if (problem !== undefined) return refuse(graphError(400, 100, `Invalid parameter: ${problem}`), problem)
    }
    const testEventCode = isRecord(request.body) ? request.body.test_event_code : undefined
    for (const event of data as Record<string, unknown>[]) events.push({ event, testEventCode })
    const received = kind === 'count-short' ? data.length - 1 : data.length
    return { status: 200, body: { events_received: received, messages: [], fbtrace_id: `Atrace${events.length}` } }
  })
  return { ...standIn, url: `${standIn.origin}/v26.0`, events, refusals, answer: told.answer.bind(told) }
}
