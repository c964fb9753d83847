import {
  EVENTS_PATH,
  EVENTS_TABLE_PATH,
  MAX_BATCH_BYTES,
  MAX_BATCH_EVENTS,
  MAX_PATH_LENGTH,
  MAX_SOURCE_LENGTH,
  type EventBatch,
} from '../../../common/analytics.ts'
import { publicConfig } from '../../config/public-config.ts'
import { pageAttribution } from '../../features-shared/attribution-store.ts'
import { sendEventsTo, type FunnelEvent } from '../../features-shared/track.ts'

const bytesOf = (text: string) => new TextEncoder().encode(text).length

/**
 * Collects events into batches of at most MAX_BATCH_EVENTS events and
 * MAX_BATCH_BYTES bytes, and hands each to `post` when it fills up or when
 * `flush` is called.
 */
export function createBatcher(head: Omit<EventBatch, 'events'>, post: (batch: EventBatch) => void) {
  let events: FunnelEvent[] = []
  const batchOf = (list: FunnelEvent[]): EventBatch => ({ ...head, events: list })
  const flush = () => {
    if (events.length === 0) return
    const batch = batchOf(events)
    events = []
    post(batch)
  }
  const add = (event: FunnelEvent) => {
    if (events.length > 0 && bytesOf(JSON.stringify(batchOf([...events, event]))) > MAX_BATCH_BYTES) flush()
    events.push(event)
    if (events.length >= MAX_BATCH_EVENTS) flush()
  }
  return { add, flush }
}

/** The visit's source: the last touch's utm_source, else the host of the site it came from. */
export function visitSource(): string | undefined {
  const last = pageAttribution()?.last_touch
  if (last?.utm_source) return last.utm_source
  if (!last?.referrer_origin) return undefined
  try {
    return new URL(last.referrer_origin).host || undefined
  } catch {
    return undefined
  }
}

/**
 * Posts a batch without holding the page up, even as it unloads. To this
 * server: a beacon whose body is a string, so text/plain, a request that needs
 * no preflight. To VITE_API_URL (Supabase, or this server on another origin):
 * the events table's insert, which needs the anon key's headers.
 */
export function postBatch(batch: EventBatch): void {
  const { apiUrl, apiAnonKey } = publicConfig
  if (apiUrl) {
    const rows = batch.events.map((event) => ({
      path: batch.path,
      source: batch.source ?? null,
      type: event.type,
      step: event.step ?? null,
    }))
    const headers = {
      apikey: apiAnonKey,
      Authorization: `Bearer ${apiAnonKey}`,
      'Content-Type': 'application/json',
      Prefer: 'return=minimal',
    }
    fetch(`${apiUrl}${EVENTS_TABLE_PATH}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(rows),
      keepalive: true,
    }).catch(() => undefined)
    return
  }
  const body = JSON.stringify(batch)
  if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(EVENTS_PATH, body)) return
  // No beacon, or its queue is full: the same request by fetch, still outliving the page.
  fetch(EVENTS_PATH, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body, keepalive: true }).catch(
    () => undefined,
  )
}

let started = false

/** Takes over from track(): batches every event, sent as the page is hidden or a batch fills up. */
export function startSending(post: (batch: EventBatch) => void = postBatch): void {
  if (started) return
  started = true
  const source = visitSource()?.slice(0, MAX_SOURCE_LENGTH)
  const head = { path: window.location.pathname.slice(0, MAX_PATH_LENGTH), ...(source ? { source } : {}) }
  const batcher = createBatcher(head, post)
  sendEventsTo(batcher.add)
  // Hidden is the last moment a page reliably has on phones; pagehide covers browsers that skip it on unload.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') batcher.flush()
  })
  window.addEventListener('pagehide', batcher.flush)
}
