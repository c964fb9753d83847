import type { Browser, Page, Request } from '@playwright/test'
import { ADMIN_PAGE_PATH } from '../../common/admin-api.ts'
import { EVENTS_PATH, type EventBatch } from '../../common/analytics.ts'
import type { Funnel } from '../../common/funnel-api.ts'
import { expect, type BrowserConsole } from './fixtures.ts'
import { callInboxApi, signIn } from './inbox.ts'

/** One batch of funnel events as the page sent it. */
export interface SentBatch {
  batch: EventBatch
  contentType: string
  /** Every header the browser sent, cookies included. */
  allHeaders: Promise<Record<string, string>>
}

const isEventBatch = (request: Request) =>
  request.method() === 'POST' && new URL(request.url()).pathname === EVENTS_PATH

/** Every batch of events the page sends from now on, as it goes out (reloads included). */
export function recordEventBatches(page: Page): SentBatch[] {
  const sent: SentBatch[] = []
  page.on('request', (request) => {
    if (!isEventBatch(request)) return
    const batch = JSON.parse(request.postData() ?? 'null') as EventBatch
    sent.push({ batch, contentType: request.headers()['content-type'] ?? '', allHeaders: request.allHeaders() })
  })
  return sent
}

/**
 * What the page does as its visitor switches to another tab or app: the
 * document turns hidden, then visible again. Headless Chromium's page is
 * never hidden by itself.
 */
export async function switchAwayAndBack(page: Page): Promise<void> {
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true })
    document.dispatchEvent(new Event('visibilitychange'))
    // Deleting the page's own value brings back the browser's.
    delete (document as { visibilityState?: DocumentVisibilityState }).visibilityState
    document.dispatchEvent(new Event('visibilitychange'))
  })
}

/** The events of every batch sent, in order, as `type` or `type:step`. */
export const sentEvents = (sent: readonly SentBatch[]) =>
  sent.flatMap(({ batch }) =>
    batch.events.map((event) => (event.step === undefined ? event.type : `${event.type}:${event.step}`)),
  )

/**
 * Switches away and back until the events sent add up to `count`. Repeated
 * because the sender loads as a chunk of its own after hydration: a switch
 * made before it has started sends nothing, as it would for a visitor.
 */
export async function flushEvents(page: Page, sent: readonly SentBatch[], count: number): Promise<void> {
  await expect(async () => {
    await switchAwayAndBack(page)
    await expect.poll(() => sentEvents(sent).length, { timeout: 1_000 }).toBeGreaterThanOrEqual(count)
  }).toPass()
}

/** A source no other test uses, so the stored funnel read back for it holds one test's visits only. */
export const uniqueSource = () => `e2e-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`

/**
 * Polls the inbox's funnel for `source` (signed in from a browser context of
 * its own, so the landing page's stays without a cookie) until its gates read
 * as `expected`, e.g. 'visitors=1'.
 */
export async function expectStoredFunnel(
  browser: Browser,
  browserConsole: BrowserConsole,
  source: string,
  expected: string[],
) {
  const inbox = await browser.newContext()
  try {
    const admin = await inbox.newPage()
    await signIn(admin, browserConsole, ADMIN_PAGE_PATH)
    await expect
      .poll(async () => {
        const answer = await callInboxApi(admin, 'GET', `/funnel?source=${encodeURIComponent(source)}`)
        return answer.status === 200
          ? (answer.body as Funnel).stages.map((stage) => `${stage.id}=${stage.visitors}`)
          : answer.status
      })
      .toEqual(expect.arrayContaining(expected))
  } finally {
    await inbox.close()
  }
}
