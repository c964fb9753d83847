import { JSDOM } from 'jsdom'
import { afterEach, describe, expect, it } from 'vitest'
import { ATTRIBUTION_VALUE_MAX_LENGTH, CAMPAIGN_PARAMETERS, TOUCH_MAX_AGE_MS } from '../../common/attribution.ts'
import { STORAGE_KEYS, createAttributionStore, touchOf, type Visit } from './attribution-store.ts'

const PAGE = 'https://brand.example'
const DAY = 24 * 60 * 60 * 1000
const START = Date.parse('2026-03-01T12:00:00.000Z')

const visit = (path: string, referrer = '', now = START): Visit => ({ url: `${PAGE}${path}`, referrer, now })
const iso = (time: number) => new Date(time).toISOString()

afterEach(() => {
  localStorage.clear()
})

describe('touchOf', () => {
  it('keeps every campaign parameter, the landing path and the time, and nothing else of the address', () => {
    const query = new URLSearchParams([
      ...CAMPAIGN_PARAMETERS.map((name) => [name, `${name} value`]),
      ['utm_foo', 'unknown'],
      ['email', 'someone@example.com'],
    ])
    expect(touchOf(visit(`/offer?${query}#apply`))).toEqual({
      ...Object.fromEntries(CAMPAIGN_PARAMETERS.map((name) => [name, `${name} value`])),
      landing_path: '/offer',
      captured_at: iso(START),
    })
  })

  it('leaves out parameters given empty', () => {
    expect(touchOf(visit('/?utm_source=&utm_medium=cpc&gclid'))).toEqual({
      utm_medium: 'cpc',
      landing_path: '/',
      captured_at: iso(START),
    })
  })

  it('keeps the origin and path of another site that referred the visitor, never its query', () => {
    expect(touchOf(visit('/', 'https://l.instagram.com/path/here?u=secret&e=mail'))).toMatchObject({
      referrer_origin: 'https://l.instagram.com',
      referrer_path: '/path/here',
    })
    expect(touchOf(visit('/', 'android-app://com.google.android.gm/'))).toMatchObject({
      referrer_origin: 'android-app://com.google.android.gm',
    })
  })

  it.each([
    ['the same page', `${PAGE}/?utm_source=ig`],
    ['the same host on another port', 'http://brand.example:8080/'],
    ['www. of the same host', 'https://www.brand.example/results'],
    ['a host under it', 'https://shop.brand.example/cart'],
    ['not an address at all', 'not a url'],
  ])('records no referrer for %s', (_, referrer) => {
    const touch = touchOf(visit('/', referrer))
    expect(touch).not.toHaveProperty('referrer_origin')
    expect(touch).not.toHaveProperty('referrer_path')
  })

  it('counts a host that merely ends in the same letters as another site', () => {
    expect(touchOf(visit('/', 'https://notbrand.example/'))).toMatchObject({
      referrer_origin: 'https://notbrand.example',
    })
  })

  it('cuts a long value to what the server keeps, without splitting a character in two', () => {
    const long = 'x'.repeat(ATTRIBUTION_VALUE_MAX_LENGTH + 50)
    expect(touchOf(visit(`/?fbclid=${long}`)).fbclid).toBe('x'.repeat(ATTRIBUTION_VALUE_MAX_LENGTH))
    const emoji = `${'x'.repeat(ATTRIBUTION_VALUE_MAX_LENGTH - 1)}😀`
    expect(touchOf(visit(`/?utm_content=${encodeURIComponent(emoji)}`)).utm_content).toBe(
      'x'.repeat(ATTRIBUTION_VALUE_MAX_LENGTH - 1),
    )
  })
})

describe('the attribution store, in localStorage', () => {
  const store = () => createAttributionStore(() => localStorage)

  it('keeps the first touch and overwrites the last one with each visit from a source', () => {
    store().capture(visit('/?utm_source=ig&utm_campaign=launch&fbclid=abc', 'https://l.instagram.com/'))
    const first = {
      utm_source: 'ig',
      utm_campaign: 'launch',
      fbclid: 'abc',
      referrer_origin: 'https://l.instagram.com',
      referrer_path: '/',
      landing_path: '/',
      captured_at: iso(START),
    }
    expect(store().read(START)).toEqual({ first_touch: first, last_touch: first })

    store().capture(visit('/?utm_source=google&gclid=g1', '', START + 3 * DAY))
    expect(store().read(START + 3 * DAY)).toEqual({
      first_touch: first,
      last_touch: { utm_source: 'google', gclid: 'g1', landing_path: '/', captured_at: iso(START + 3 * DAY) },
    })
  })

  it('leaves both touches alone on a direct visit, a reload or a move within the site', () => {
    store().capture(visit('/?utm_source=ig'))
    const before = store().read(START)
    store().capture(visit('/', '', START + DAY))
    store().capture(visit('/', `${PAGE}/`, START + 2 * DAY))
    expect(store().read(START + 2 * DAY)).toEqual(before)
  })

  it('records a first visit without a source, and lets a later campaign become the last touch', () => {
    store().capture(visit('/'))
    const direct = { landing_path: '/', captured_at: iso(START) }
    expect(store().read(START)).toEqual({ first_touch: direct, last_touch: direct })
    store().capture(visit('/?utm_source=tiktok&ttclid=t1', '', START + DAY))
    expect(store().read(START + DAY)).toEqual({
      first_touch: direct,
      last_touch: { utm_source: 'tiktok', ttclid: 't1', landing_path: '/', captured_at: iso(START + DAY) },
    })
  })

  it('forgets a touch after 90 days', () => {
    store().capture(visit('/?utm_source=ig'))
    expect(store().read(START + TOUCH_MAX_AGE_MS)).not.toBeNull()
    expect(store().read(START + TOUCH_MAX_AGE_MS + 1)).toBeNull()
  })

  it('starts a new first touch once the old one is over 90 days old', () => {
    store().capture(visit('/?utm_source=ig'))
    const later = START + 91 * DAY
    store().capture(visit('/?utm_source=google', '', later))
    const touch = { utm_source: 'google', landing_path: '/', captured_at: iso(later) }
    expect(store().read(later)).toEqual({ first_touch: touch, last_touch: touch })
  })

  it('lets the oldest touch still current become the first when the first expires', () => {
    store().capture(visit('/?utm_source=ig'))
    store().capture(visit('/?utm_source=fb', '', START + 60 * DAY))
    const later = START + 100 * DAY
    store().capture(visit('/', '', later))
    const fb = { utm_source: 'fb', landing_path: '/', captured_at: iso(START + 60 * DAY) }
    expect(store().read(later)).toEqual({ first_touch: fb, last_touch: fb })
  })

  it('sets no cookie', () => {
    store().capture(visit('/?utm_source=ig&gclid=g1', 'https://www.google.com/'))
    expect(document.cookie).toBe('')
    expect(localStorage.getItem(STORAGE_KEYS.first_touch)).toContain('"gclid":"g1"')
  })

  it('takes whatever else is stored under its keys as nothing stored', () => {
    localStorage.setItem(STORAGE_KEYS.first_touch, '{not json')
    localStorage.setItem(STORAGE_KEYS.last_touch, JSON.stringify(['a', 'list']))
    expect(store().read(START)).toBeNull()
    store().capture(visit('/?utm_source=ig'))
    expect(store().read(START)?.first_touch).toMatchObject({ utm_source: 'ig' })
  })
})

describe('the attribution store, where storage fails', () => {
  it('where reading localStorage at all throws (storage disabled), keeps the touches for the page', () => {
    const opaque = new JSDOM('', { url: 'about:blank' }).window
    expect(() => opaque.localStorage).toThrow(/opaque origins/)
    const store = createAttributionStore(() => opaque.localStorage)
    expect(store.read(START)).toBeNull()
    expect(() => store.capture(visit('/?utm_source=ig'))).not.toThrow()
    expect(store.read(START)).toEqual({
      first_touch: { utm_source: 'ig', landing_path: '/', captured_at: iso(START) },
      last_touch: { utm_source: 'ig', landing_path: '/', captured_at: iso(START) },
    })
    // Remembered as in storage: a later visit in the same page is recorded the same way.
    store.capture(visit('/?utm_source=fb', '', START + DAY))
    expect(store.read(START + DAY)).toMatchObject({
      first_touch: { utm_source: 'ig' },
      last_touch: { utm_source: 'fb' },
    })
    expect(store.read(START + TOUCH_MAX_AGE_MS + 2 * DAY)).toBeNull()
  })

  it('where every write throws (no quota, as in private browsing), keeps the touches for the page', () => {
    const full = new JSDOM('', { url: PAGE, storageQuota: 0 }).window
    expect(() => full.localStorage.setItem('x', 'y')).toThrow()
    const store = createAttributionStore(() => full.localStorage)
    expect(() => store.capture(visit('/?utm_source=ig&gclid=g1'))).not.toThrow()
    expect(store.read(START)?.last_touch).toEqual({
      utm_source: 'ig',
      gclid: 'g1',
      landing_path: '/',
      captured_at: iso(START),
    })
  })
})
