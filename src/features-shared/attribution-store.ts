import {
  ATTRIBUTION_VALUE_MAX_LENGTH,
  CAMPAIGN_PARAMETERS,
  TOUCH_MAX_AGE_MS,
  type Attribution,
  type Touch,
} from '../../common/attribution.ts'

/** What the page knows about how this visit began. */
export interface Visit {
  /** The address the visitor landed on. */
  url: string
  /** document.referrer: empty when there is none or the referring page withheld it. */
  referrer: string
  /** Milliseconds since the epoch. */
  now: number
}

/** localStorage keys. No cookie: nothing of it travels with requests, and no consent banner is needed for it. */
export const STORAGE_KEYS = { first_touch: 'attribution.first_touch', last_touch: 'attribution.last_touch' } as const

// Cut to what the server keeps, never between the two halves of a surrogate pair.
function clip(value: string): string {
  if (value.length <= ATTRIBUTION_VALUE_MAX_LENGTH) return value
  const cut = value.slice(0, ATTRIBUTION_VALUE_MAX_LENGTH)
  return /[\ud800-\udbff]$/.test(cut) ? cut.slice(0, -1) : cut
}

const siteOf = (hostname: string) => hostname.toLowerCase().replace(/^www\./, '')

// Without a public suffix list, "same site" is the same host or one under the
// other (www.x.com, x.com and shop.x.com are one site): moving between them is
// not a new visit from somewhere else.
function isSameSite(a: URL, b: URL): boolean {
  const [one, other] = [siteOf(a.hostname), siteOf(b.hostname)]
  return one === other || one.endsWith(`.${other}`) || other.endsWith(`.${one}`)
}

function externalReferrer(referrer: string, landing: URL): URL | undefined {
  if (referrer === '') return undefined
  let url: URL
  try {
    url = new URL(referrer)
  } catch {
    return undefined
  }
  return isSameSite(url, landing) ? undefined : url
}

/** The touch a visit makes: its campaign parameters, where it came from, where it landed, and when. */
export function touchOf({ url, referrer, now }: Visit): Touch {
  const landing = new URL(url)
  const touch: Touch = {}
  for (const name of CAMPAIGN_PARAMETERS) {
    const value = landing.searchParams.get(name)
    if (value) touch[name] = clip(value)
  }
  const from = externalReferrer(referrer, landing)
  if (from) {
    // An app's referrer (android-app://com.instagram.android/) has no web origin, only its host.
    touch.referrer_origin = clip(from.origin === 'null' ? `${from.protocol}//${from.host}` : from.origin)
    touch.referrer_path = clip(from.pathname)
  }
  touch.landing_path = clip(landing.pathname)
  touch.captured_at = new Date(now).toISOString()
  return touch
}

/** Whether a touch says where the visitor came from; a direct visit or a reload does not. */
const hasSource = (touch: Touch) =>
  CAMPAIGN_PARAMETERS.some((name) => touch[name] !== undefined) || touch.referrer_origin !== undefined

function isCurrent(value: unknown, now: number): value is Touch {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
  const { captured_at: capturedAt } = value as Touch
  const at = capturedAt === undefined ? Number.NaN : Date.parse(capturedAt)
  return now - at <= TOUCH_MAX_AGE_MS
}

/**
 * Where the visitor came from, kept on the device: the first visit of the
 * last 90 days, and the last visit that came from a campaign or another site
 * (a direct visit or a reload leaves it as it is). Storage can be missing or
 * throw on every call (storage disabled, Safari's private mode of old, a full
 * quota): the touches are then remembered for as long as the page is open, and
 * nothing is ever thrown at the page.
 */
export function createAttributionStore(storage: () => Storage) {
  let remembered: Attribution = {}

  const load = (now: number): Attribution => {
    const touches: Attribution = {}
    for (const name of ['first_touch', 'last_touch'] as const) {
      const text = storage().getItem(STORAGE_KEYS[name])
      let value: unknown
      try {
        value = text === null ? undefined : JSON.parse(text)
      } catch {
        // Written by something else under our key: treated as never written.
      }
      if (isCurrent(value, now)) touches[name] = value
    }
    return touches
  }

  const stored = (now: number): Attribution => {
    try {
      const touches = load(now)
      if (touches.first_touch ?? touches.last_touch) return touches
    } catch {
      // Unreadable storage: what this page saw is all there is.
    }
    return Object.fromEntries(Object.entries(remembered).filter(([, touch]) => isCurrent(touch, now)))
  }

  return {
    /** Records a visit as a touch. */
    capture(visit: Visit): void {
      const touch = touchOf(visit)
      const before = stored(visit.now)
      const sourced = hasSource(touch)
      // The first touch older than 90 days is forgotten; the oldest still current takes its place.
      const first = before.first_touch ?? before.last_touch ?? touch
      const last = sourced || !before.last_touch ? touch : before.last_touch
      remembered = { first_touch: first, last_touch: last }
      try {
        storage().setItem(STORAGE_KEYS.first_touch, JSON.stringify(first))
        storage().setItem(STORAGE_KEYS.last_touch, JSON.stringify(last))
      } catch {
        // Kept in memory above, so an application sent from this page still carries it.
      }
    },
    /** The touches still current, or null when there are none. */
    read(now = Date.now()): Attribution | null {
      const touches = stored(now)
      return (touches.first_touch ?? touches.last_touch) ? touches : null
    },
  }
}

// Reading window.localStorage itself throws where storage is disabled.
const pageStorage = createAttributionStore(() => window.localStorage)
let captured = false

/** Records how this page view began, once however often it is called. */
export function captureThisVisit(): void {
  if (captured) return
  captured = true
  try {
    pageStorage.capture({ url: window.location.href, referrer: document.referrer, now: Date.now() })
  } catch {
    // A malformed address or a broken clock must never break the page.
  }
}

/** This visitor's attribution, this visit's included, for the application and the booking page. */
export function pageAttribution(): Attribution | null {
  captureThisVisit()
  return pageStorage.read()
}
