import { describe, expect, it } from 'vitest'
import { applicationForm } from './application-form.ts'
import { bookingProviderFor, cutToEncodedLength, prefilledBookingUrl } from './booking-link.ts'
import { CALENDLY_ANSWER_SLOTS, bookingPrefill } from './booking-prefill.ts'
import { validAnswers } from './testing/valid-answers.ts'

const applicationId = '0b7e5c1e-8f43-4d52-9a51-3c1f2b9d6e70'
const answers: Record<string, string> = validAnswers({ name: 'Zoë O’Brien & Co', email: 'zoe+ads@example.com' })
const application = { answers, applicationId }
const lastTouch = {
  utm_source: 'ig',
  utm_medium: 'paid social',
  utm_campaign: 'launch/2026 #1',
  utm_term: null,
  utm_content: 'reel=3&v=2',
}
const labelOf = (key: string) => applicationForm.find((field) => field.key === key)?.label

/** The query string as a list, in order, decoded as any server decodes it. */
const parameters = (url: string) => [...new URL(url).searchParams.entries()]

describe('the prefill configuration', () => {
  it('names questions of the form, each once, leaving name and email to their own fields', () => {
    const keys: readonly string[] = applicationForm.map((field) => field.key)
    const mapped: string[] = Object.values(bookingPrefill.calendly.answers)
    for (const list of [mapped, [...bookingPrefill.calcom.notes]]) {
      for (const key of list) expect(keys).toContain(key)
      expect(new Set(list).size).toBe(list.length)
      expect(list).not.toContain('name')
      expect(list).not.toContain('email')
    }
  })
})

describe('bookingProviderFor', () => {
  it.each([
    ['https://calendly.com/brandscale/30min', 'calendly'],
    ['https://www.calendly.com/brandscale/30min', 'calendly'],
    ['https://cal.com/brandscale/30min', 'calcom'],
    ['https://app.cal.com/brandscale/30min', 'calcom'],
    ['https://booking.example.com/brandscale', 'none'],
    ['https://notcalendly.com/brandscale', 'none'],
    ['https://cal.com.example.net/brandscale', 'none'],
  ])('tells the provider of %s from its host', (url, provider) => {
    expect(bookingProviderFor(url)).toBe(provider)
  })

  it('takes the setting over the host, for a self-hosted Cal.com or to turn prefill off', () => {
    expect(bookingProviderFor('https://meet.agency.example/30min', 'calcom')).toBe('calcom')
    expect(bookingProviderFor('https://calendly.com/brandscale/30min', 'none')).toBe('none')
  })
})

describe('prefilledBookingUrl for Calendly', () => {
  const url = 'https://calendly.com/brandscale/30min'

  it('adds name, email, the last touch utm_*, the application id and the mapped answers, encoded', () => {
    const prefilled = prefilledBookingUrl(url, 'calendly', application, lastTouch)
    const mapped = Object.entries(bookingPrefill.calendly.answers).map(([slot, key]) => [slot, answers[key]])
    expect(parameters(prefilled)).toEqual([
      ['name', 'Zoë O’Brien & Co'],
      ['email', 'zoe+ads@example.com'],
      ['utm_source', 'ig'],
      ['utm_medium', 'paid social'],
      ['utm_campaign', 'launch/2026 #1'],
      ['utm_content', 'reel=3&v=2'],
      ['salesforce_uuid', applicationId],
      ...mapped,
    ])
    expect(prefilled).toContain('name=Zo%C3%AB+O%E2%80%99Brien+%26+Co')
    expect(prefilled).toContain('email=zoe%2Bads%40example.com')
    expect(prefilled).toContain('utm_content=reel%3D3%26v%3D2')
    expect(prefilled).toContain('utm_campaign=launch%2F2026+%231')
    expect(new URL(prefilled).hash).toBe('')
  })

  it('maps each configured question to its slot, and only to slots Calendly has', () => {
    const prefilled = new URL(prefilledBookingUrl(url, 'calendly', application)).searchParams
    expect(prefilled.get('a1')).toBe(answers.instagram)
    expect(prefilled.get('a6')).toBe(answers.challenges)
    for (const slot of Object.keys(bookingPrefill.calendly.answers)) expect(CALENDLY_ANSWER_SLOTS).toContain(slot)
    for (const slot of CALENDLY_ANSWER_SLOTS.slice(6)) expect(prefilled.has(slot)).toBe(false)
  })

  it('leaves the utm_* out when there is no last touch', () => {
    const prefilled = new URL(prefilledBookingUrl(url, 'calendly', application)).searchParams
    expect([...prefilled.keys()].filter((key) => key.startsWith('utm_'))).toEqual([])
    expect(prefilled.get('salesforce_uuid')).toBe(applicationId)
  })

  it("keeps the booking URL's own parameters and fragment, and never overrides them", () => {
    const own = 'https://calendly.com/brandscale/30min?hide_gdpr_banner=1&month=2026-12&utm_source=newsletter#top'
    const prefilled = prefilledBookingUrl(own, 'calendly', application, lastTouch)
    const entries = parameters(prefilled)
    expect(entries.slice(0, 3)).toEqual([
      ['hide_gdpr_banner', '1'],
      ['month', '2026-12'],
      ['utm_source', 'newsletter'],
    ])
    expect(entries.filter(([key]) => key === 'utm_source')).toHaveLength(1)
    expect(new URL(prefilled).searchParams.get('utm_medium')).toBe('paid social')
    expect(new URL(prefilled).hash).toBe('#top')
  })

  it('cuts a long answer so the URL stays openable, at a character boundary, with an ellipsis', () => {
    // 5,000 characters outside the BMP: two UTF-16 units and twelve encoded characters each.
    const long = '😀'.repeat(2_500)
    const prefilled = prefilledBookingUrl(url, 'calendly', { answers: { ...answers, challenges: long }, applicationId })
    const sent = new URL(prefilled).searchParams.get('a6') ?? ''
    expect(sent.endsWith('…')).toBe(true)
    expect(long.startsWith(sent.slice(0, -1))).toBe(true)
    expect(encodeURIComponent(sent).length).toBeLessThanOrEqual(bookingPrefill.maxEncodedLength.answer)
    expect(sent.length).toBeGreaterThan(50)
    expect(prefilled.length).toBeLessThan(8_000)
  })
})

describe('prefilledBookingUrl for Cal.com', () => {
  const url = 'https://cal.com/brandscale/30min?layout=month_view'

  // Cal.com's booking page reads utm_source, utm_medium, utm_campaign, utm_term and utm_content from its
  // own query and sends them with the booking as its `tracking`, which the booking keeps
  // (calcom/cal.com packages/features/bookings/Booker/components/hooks/useHandleBookEvent.ts and
  // getUtmTrackingParameters; https://cal.com/help/embedding/utm-tracking-embed for the embed's way).
  it("adds name, email, the last touch's utm_*, a summary of the answers as notes and the application id as metadata", () => {
    const prefilled = prefilledBookingUrl(url, 'calcom', application, lastTouch)
    const notes = bookingPrefill.calcom.notes.map((key) => `${labelOf(key)}: ${answers[key]}`).join('\n')
    expect(parameters(prefilled)).toEqual([
      ['layout', 'month_view'],
      ['name', 'Zoë O’Brien & Co'],
      ['email', 'zoe+ads@example.com'],
      ['utm_source', 'ig'],
      ['utm_medium', 'paid social'],
      ['utm_campaign', 'launch/2026 #1'],
      ['utm_content', 'reel=3&v=2'],
      ['notes', notes],
      ['metadata[application_id]', applicationId],
    ])
    expect(notes).toContain(`Instagram username: ${answers.instagram}\nPhone number: ${answers.phone}`)
    expect(prefilled).toContain(`metadata%5Bapplication_id%5D=${applicationId}`)
    expect(prefilled).toContain('notes=Instagram+username%3A+')
    expect(prefilled).toContain('%0APhone+number%3A+')
    expect(prefilled).toContain('utm_content=reel%3D3%26v%3D2')
  })

  it("leaves the utm_* out without a last touch, and never overrides the booking URL's own", () => {
    const bare = new URL(prefilledBookingUrl(url, 'calcom', application)).searchParams
    expect([...bare.keys()].filter((key) => key.startsWith('utm_'))).toEqual([])
    const own = new URL(prefilledBookingUrl(`${url}&utm_source=newsletter`, 'calcom', application, lastTouch))
      .searchParams
    expect(own.getAll('utm_source')).toEqual(['newsletter'])
    expect(own.get('utm_campaign')).toBe('launch/2026 #1')
  })

  it('cuts long notes to their limit with an ellipsis', () => {
    const long = 'x'.repeat(5_000)
    const prefilled = prefilledBookingUrl(url, 'calcom', { answers: { ...answers, challenges: long }, applicationId })
    const notes = new URL(prefilled).searchParams.get('notes') ?? ''
    expect(notes.endsWith('x…')).toBe(true)
    expect(encodeURIComponent(notes).length).toBeLessThanOrEqual(bookingPrefill.maxEncodedLength.notes)
    expect(new URL(prefilled).searchParams.get('metadata[application_id]')).toBe(applicationId)
  })
})

describe('prefilledBookingUrl for any other booking page', () => {
  it('returns the URL unchanged', () => {
    const url = 'https://booking.example.com/brandscale?x=1'
    expect(prefilledBookingUrl(url, 'none', application, lastTouch)).toBe(url)
  })
})

describe('cutToEncodedLength', () => {
  it('keeps a value that fits as it is', () => {
    expect(cutToEncodedLength('short & sweet', 100)).toBe('short & sweet')
  })

  it('never splits a surrogate pair, and sends a lone surrogate as U+FFFD', () => {
    expect(cutToEncodedLength('😀😀😀😀', 33)).toBe('😀😀…')
    expect(cutToEncodedLength('a\uD800b', 100)).toBe('a\uFFFDb')
  })
})
