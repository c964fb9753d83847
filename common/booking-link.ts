import { applicationForm } from './application-form.ts'
import { bookingPrefill } from './booking-prefill.ts'

/**
 * Whose booking page VITE_BOOKING_URL is, which decides the format of its
 * prefill: Calendly's, Cal.com's, or none (the URL is opened as it is).
 */
export const BOOKING_PAGE_PROVIDERS = ['calendly', 'calcom', 'none'] as const

export type BookingPageProvider = (typeof BOOKING_PAGE_PROVIDERS)[number]

/** The campaign parameters of the visit that brought the visitor here (the last touch). */
export interface CampaignTouch {
  readonly utm_source?: string | null
  readonly utm_medium?: string | null
  readonly utm_campaign?: string | null
  readonly utm_term?: string | null
  readonly utm_content?: string | null
}

/** The ones Calendly and Cal.com both record with a booking, read from the booking page's query. */
const BOOKING_UTM = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const

export interface SubmittedApplication {
  /** The stored answers, by question key. */
  readonly answers: Readonly<Record<string, string>>
  /** The application's submission_id: what joins a booking to its lead. */
  readonly applicationId: string
}

const isHostOf = (hostname: string, domain: string) => hostname === domain || hostname.endsWith(`.${domain}`)

/**
 * The provider VITE_BOOKING_PROVIDER names, else the one the URL's host
 * belongs to. A self-hosted Cal.com lives on a host of its own, hence the
 * setting.
 */
export function bookingProviderFor(url: string, setting?: BookingPageProvider): BookingPageProvider {
  if (setting) return setting
  const { hostname } = new URL(url)
  if (isHostOf(hostname, 'calendly.com')) return 'calendly'
  if (isHostOf(hostname, 'cal.com')) return 'calcom'
  return 'none'
}

/**
 * The booking page with what the visitor already told us, in the provider's
 * prefill format, so the booking form does not ask again and the booking can
 * be joined to its application. The URL's own parameters stay as they are.
 */
export function prefilledBookingUrl(
  url: string,
  provider: BookingPageProvider,
  application: SubmittedApplication,
  lastTouch?: CampaignTouch,
): string {
  if (provider === 'none') return url
  const prefilled = new URL(url)
  const add = (name: string, value: string | null | undefined, maxEncodedLength = Number.POSITIVE_INFINITY) => {
    if (!value || prefilled.searchParams.has(name)) return
    prefilled.searchParams.set(name, cutToEncodedLength(value, maxEncodedLength))
  }
  const { answers, applicationId } = application
  add('name', answers.name)
  add('email', answers.email)
  for (const parameter of BOOKING_UTM) add(parameter, lastTouch?.[parameter], bookingPrefill.maxEncodedLength.answer)

  if (provider === 'calendly') {
    // utm_content is the ad's: the application's id takes Calendly's other tracking field (ADR 017).
    add('salesforce_uuid', applicationId)
    for (const [slot, key] of Object.entries(bookingPrefill.calendly.answers)) {
      add(slot, answers[key], bookingPrefill.maxEncodedLength.answer)
    }
  } else {
    add('notes', answerSummary(answers), bookingPrefill.maxEncodedLength.notes)
    add('metadata[application_id]', applicationId)
  }
  return prefilled.href
}

function answerSummary(answers: Readonly<Record<string, string>>): string {
  const notes: readonly string[] = bookingPrefill.calcom.notes
  return applicationForm
    .filter((field) => notes.includes(field.key) && answers[field.key])
    .map((field) => `${field.label}: ${answers[field.key]}`)
    .join('\n')
}

const ELLIPSIS = '…'
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g

/**
 * `value`, cut so that it takes at most `maxEncodedLength` characters once
 * percent-encoded, between two characters (never inside a surrogate pair),
 * and ending in an ellipsis when cut.
 */
export function cutToEncodedLength(text: string, maxEncodedLength: number): string {
  // A lone surrogate cannot be encoded (encodeURIComponent throws); URLSearchParams would send U+FFFD anyway.
  const value = text.replace(LONE_SURROGATE, '\uFFFD')
  if (encodeURIComponent(value).length <= maxEncodedLength) return value
  const room = maxEncodedLength - encodeURIComponent(ELLIPSIS).length
  let kept = ''
  let used = 0
  for (const character of value) {
    used += encodeURIComponent(character).length
    if (used > room) break
    kept += character
  }
  return `${kept.trimEnd()}${ELLIPSIS}`
}
