import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  EVENTS_PATH,
  EVENTS_TABLE_PATH,
  MAX_BATCH_BYTES,
  MAX_BATCH_EVENTS,
  type EventBatch,
} from '../../../common/analytics.ts'
import { createBatcher, postBatch } from './event-sender.ts'

describe('createBatcher', () => {
  it('sends nothing until flushed, then the events in order with the path and source, once', () => {
    const post = vi.fn<(batch: EventBatch) => void>()
    const batcher = createBatcher({ path: '/', source: 'ig' }, post)
    batcher.add({ type: 'page_view' })
    batcher.add({ type: 'step_viewed', step: 1 })
    expect(post).not.toHaveBeenCalled()
    batcher.flush()
    expect(post).toHaveBeenCalledExactlyOnceWith({
      path: '/',
      source: 'ig',
      events: [{ type: 'page_view' }, { type: 'step_viewed', step: 1 }],
    })
    batcher.flush()
    expect(post).toHaveBeenCalledTimes(1)
  })

  it('sends a batch as soon as it holds MAX_BATCH_EVENTS events', () => {
    const post = vi.fn<(batch: EventBatch) => void>()
    const batcher = createBatcher({ path: '/' }, post)
    for (let index = 0; index < MAX_BATCH_EVENTS + 1; index += 1) batcher.add({ type: 'results_navigated' })
    expect(post).toHaveBeenCalledOnce()
    expect(post.mock.calls[0]?.[0].events).toHaveLength(MAX_BATCH_EVENTS)
    batcher.flush()
    expect(post.mock.calls[1]?.[0].events).toHaveLength(1)
  })

  it('never lets a batch grow past MAX_BATCH_BYTES', () => {
    const post = vi.fn<(batch: EventBatch) => void>()
    // A long path makes each batch heavy, so bytes run out before the count does.
    const batcher = createBatcher({ path: `/${'é'.repeat(3_900)}` }, post)
    for (let index = 0; index < 40; index += 1) batcher.add({ type: 'step_completed', step: 8 })
    batcher.flush()
    expect(post.mock.calls.length).toBeGreaterThan(1)
    for (const [batch] of post.mock.calls)
      expect(new TextEncoder().encode(JSON.stringify(batch)).length).toBeLessThanOrEqual(MAX_BATCH_BYTES)
    expect(post.mock.calls.flatMap(([batch]) => batch.events)).toHaveLength(40)
  })
})

describe('postBatch', () => {
  const batch: EventBatch = { path: '/', events: [{ type: 'page_view' }] }

  afterEach(() => vi.unstubAllGlobals())

  it('sends a beacon to the events path whose body is a string: text/plain, no preflight', () => {
    const sendBeacon = vi.fn(() => true)
    vi.stubGlobal('navigator', { sendBeacon })
    const fetchMock = vi.fn()
    vi.stubGlobal('fetch', fetchMock)
    postBatch(batch)
    expect(sendBeacon).toHaveBeenCalledExactlyOnceWith(EVENTS_PATH, JSON.stringify(batch))
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('falls back to a keepalive fetch as text/plain when the beacon is refused', () => {
    vi.stubGlobal('navigator', { sendBeacon: () => false })
    const fetchMock = vi.fn(() => Promise.resolve(new Response(null, { status: 204 })))
    vi.stubGlobal('fetch', fetchMock)
    postBatch(batch)
    expect(fetchMock).toHaveBeenCalledExactlyOnceWith(EVENTS_PATH, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: JSON.stringify(batch),
      keepalive: true,
    })
  })
})

describe('startSending', () => {
  beforeEach(() => vi.resetModules())

  const hide = (state: 'hidden' | 'visible') => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue(state)
    document.dispatchEvent(new Event('visibilitychange'))
  }

  it('takes the queued events and sends them as the page is hidden, with the visit source', async () => {
    window.localStorage.setItem(
      'attribution.last_touch',
      JSON.stringify({ utm_source: 'newsletter', landing_path: '/', captured_at: new Date().toISOString() }),
    )
    const { track } = await import('../../features-shared/track.ts')
    const { startSending } = await import('./event-sender.ts')
    track('page_view')
    const post = vi.fn<(batch: EventBatch) => void>()
    startSending(post)
    track('results_viewed')
    hide('visible')
    expect(post).not.toHaveBeenCalled()
    hide('hidden')
    expect(post).toHaveBeenCalledExactlyOnceWith({
      path: '/',
      source: 'newsletter',
      events: [{ type: 'page_view' }, { type: 'results_viewed' }],
    })
    // Back, more events, gone again: a second batch with only the new ones.
    track('apply_clicked')
    window.dispatchEvent(new Event('pagehide'))
    expect(post).toHaveBeenLastCalledWith({ path: '/', source: 'newsletter', events: [{ type: 'apply_clicked' }] })
  })

  it("names the referring site's host when the visit has no utm_source, and no source for a direct visit", async () => {
    const { visitSource } = await import('./event-sender.ts')
    window.localStorage.setItem(
      'attribution.last_touch',
      JSON.stringify({
        referrer_origin: 'https://l.instagram.com',
        landing_path: '/',
        captured_at: new Date().toISOString(),
      }),
    )
    expect(visitSource()).toBe('l.instagram.com')
    window.localStorage.clear()
    vi.resetModules()
    const direct = await import('./event-sender.ts')
    expect(direct.visitSource()).toBeUndefined()
  })

  it('keeps nothing of its own in storage or cookies', async () => {
    const { track } = await import('../../features-shared/track.ts')
    const { startSending } = await import('./event-sender.ts')
    startSending(vi.fn())
    track('page_view')
    hide('hidden')
    const keys = Object.keys(window.localStorage).filter((key) => !key.startsWith('attribution.'))
    expect(keys).toEqual([])
    expect(Object.keys(window.sessionStorage)).toEqual([])
    expect(document.cookie).toBe('')
  })
})

describe('postBatch to Supabase', () => {
  afterEach(() => {
    vi.doUnmock('../../config/public-config.ts')
    vi.unstubAllGlobals()
  })

  it("inserts one row per event into page_events with the anon key's headers, and no beacon", async () => {
    vi.resetModules()
    vi.doMock('../../config/public-config.ts', () => ({
      publicConfig: { apiUrl: 'https://project.supabase.co', apiAnonKey: 'anon-key' },
    }))
    const { postBatch: post } = await import('./event-sender.ts')
    const sendBeacon = vi.fn(() => true)
    vi.stubGlobal('navigator', { sendBeacon })
    const fetchMock = vi.fn(() => Promise.resolve(new Response(null, { status: 201 })))
    vi.stubGlobal('fetch', fetchMock)
    post({ path: '/', source: 'ig', events: [{ type: 'page_view' }, { type: 'step_viewed', step: 2 }] })
    expect(sendBeacon).not.toHaveBeenCalled()
    expect(fetchMock).toHaveBeenCalledExactlyOnceWith(`https://project.supabase.co${EVENTS_TABLE_PATH}`, {
      method: 'POST',
      headers: {
        apikey: 'anon-key',
        Authorization: 'Bearer anon-key',
        'Content-Type': 'application/json',
        Prefer: 'return=minimal',
      },
      body: JSON.stringify([
        { path: '/', source: 'ig', type: 'page_view', step: null },
        { path: '/', source: 'ig', type: 'step_viewed', step: 2 },
      ]),
      keepalive: true,
    })
  })
})
