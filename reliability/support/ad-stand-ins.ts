import { randomUUID } from 'node:crypto'
import { AD_PLATFORMS, type AdPlatform } from '../../common/ad-conversions.ts'
import type { Attribution } from '../../common/attribution.ts'
import { CONTACT_SUBMISSIONS_PATH } from '../../common/contact-submission.ts'
import { GOOGLE, startStandIns } from '../../server/testing/ad-platforms/stand-in-apps.ts'
import { isRecord, type StandInRequest } from '../../server/testing/ad-platforms/stand-in-server.ts'
import type { SendOptions } from './http-client.ts'
import { send } from './http-client.ts'
import { makeApplication, SUBMIT_HEADERS, type Application } from './submissions.ts'

export { AD_PLATFORMS }
export type AdPlatformName = AdPlatform

// The action stand-in-apps.ts gives the application stage.
const APPLICATION_ACTION = '11'
/** Each platform's name for the application stage, as the server sends it by default. */
const APPLICATION_EVENT: Record<AdPlatformName, string> = {
  meta: 'Lead',
  google: `customers/${GOOGLE.customerId}/conversionActions/${APPLICATION_ACTION}`,
  tiktok: 'SubmitForm',
}

/** One event of one request as a stand-in took it: the id it carries and the click it names. */
export interface Arrival {
  eventId: string
  /** The lead's own click id on that platform (fbclid out of Meta's fbc, gclid, ttclid). */
  clickId: string
  /** The event's name (Google: its conversion action). */
  name: string
  /** Date.now() when the request was read in full. */
  at: number
}

const text = (value: unknown) => (typeof value === 'string' ? value : '')

// Read from the requests themselves, not from what each stand-in keeps: Google's keeps an order id once,
// so a repeat shows only here.
function eventsOf(platform: AdPlatformName, request: StandInRequest): Arrival[] {
  const body = isRecord(request.body) ? request.body : {}
  const rows = platform === 'google' ? body.conversions : body.data
  if (!Array.isArray(rows) || (platform === 'google' && !request.path.endsWith(':uploadClickConversions'))) return []
  return rows.filter(isRecord).map((row) => {
    const user = isRecord(row.user_data) ? row.user_data : isRecord(row.user) ? row.user : {}
    const [eventId, clickId, name] =
      platform === 'meta'
        ? [row.event_id, /^fb\.1\.\d+\.(.+)$/.exec(text(user.fbc))?.[1], row.event_name]
        : platform === 'google'
          ? [row.orderId, row.gclid, row.conversionAction]
          : [row.event_id, user.ttclid, row.event]
    return { eventId: text(eventId), clickId: text(clickId), name: text(name), at: request.at }
  })
}

/**
 * The Meta, Google Ads and TikTok stand-ins on loopback in this process, and
 * the built server's environment pointing all three at them, with consent
 * implied for every lead.
 */
export async function startAdStandIns() {
  const standIns = await startStandIns()
  const { meta, google, tiktok } = standIns
  const requests: Record<AdPlatformName, StandInRequest[]> = {
    meta: meta.requests,
    google: google.requests,
    tiktok: tiktok.requests,
  }
  return {
    env: { CONVERSIONS_CONSENT: 'implied', ...standIns.env() },
    /** How many requests the three stand-ins have read, Google's for an access token aside. */
    requestCount: () =>
      AD_PLATFORMS.reduce(
        (sum, platform) => sum + requests[platform].filter((request) => request.path !== '/token').length,
        0,
      ),
    /** Every application event each platform was sent, repeats included, in order. */
    arrivals(): Record<AdPlatformName, Arrival[]> {
      const all = (platform: AdPlatformName) => requests[platform].flatMap((request) => eventsOf(platform, request))
      return { meta: all('meta'), google: all('google'), tiktok: all('tiktok') }
    },
    /** The event ids each platform took (Meta's and TikTok's events, Google's conversions). */
    accepted(): Record<AdPlatformName, Set<string>> {
      return {
        meta: new Set(meta.events.map(({ event }) => text(event.event_id))),
        google: new Set(google.conversions.keys()),
        tiktok: new Set(tiktok.events.map(({ event }) => text(event.event_id))),
      }
    },
    /** What the stand-ins refused as the platforms would: a malformed request, a wrong token. */
    refusals: () => ({ meta: meta.refusals, google: google.refusals, tiktok: tiktok.refusals }),
    async close() {
      await standIns.close()
    },
  }
}

export type AdStandIns = Awaited<ReturnType<typeof startAdStandIns>>

/** The id each platform's application event carries for this lead: one per lead and stage. */
export const applicationEventId = (submissionId: string) => `${submissionId}:application`
export const applicationEventName = (platform: AdPlatformName) => APPLICATION_EVENT[platform]

export type ClickedApplication = Application & { attribution: Attribution }

/** A distinct, valid application from an ad click on each platform; its click ids are its own. */
export function clickedApplication(n: number, run = randomUUID().slice(0, 8)): ClickedApplication {
  const touch = {
    utm_source: 'ig',
    fbclid: `IwAR-${run}-${n}`,
    gclid: `Cj0KCQ-${run}-${n}`,
    ttclid: `E.C.P.${run}-${n}`,
    landing_path: '/',
    captured_at: new Date(Date.now() - 600_000).toISOString(),
  }
  return { ...makeApplication(n, run), attribution: { first_touch: touch, last_touch: touch } }
}

/** The lead's click id on `platform`. */
export function clickIdOf(application: ClickedApplication, platform: AdPlatformName) {
  const touch = application.attribution.last_touch ?? {}
  return (platform === 'meta' ? touch.fbclid : platform === 'google' ? touch.gclid : touch.ttclid) ?? ''
}

/** Posts it as the page does from a browser: Meta needs the user agent and the page's address for a website event. */
export function submitClicked(baseUrl: string, application: ClickedApplication, agent: SendOptions['agent']) {
  return send(baseUrl, {
    path: CONTACT_SUBMISSIONS_PATH,
    headers: {
      ...SUBMIT_HEADERS,
      'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36',
      referer: `https://brand.example/?fbclid=${encodeURIComponent(clickIdOf(application, 'meta'))}`,
    },
    body: JSON.stringify([application]),
    agent,
  })
}
