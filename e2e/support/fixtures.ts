import {
  test as base,
  expect,
  type BrowserContext,
  type ConsoleMessage,
  type Route,
  type WebError,
} from '@playwright/test'
import { site } from '../../src/content/site.ts'

export { expect }

/** One console message or uncaught page error, from any page of the test's browser context. */
export interface LoggedMessage {
  /** The console method ('log', 'warn', 'error', …), or 'pageerror' for an uncaught error. */
  type: string
  text: string
  /** Where the message came from; for a failed request, the request's URL. */
  url: string
}

export interface BrowserConsole {
  /**
   * Declares console errors (and page errors) whose text matches `pattern` as
   * expected in this test. Any other error fails the test when it ends.
   */
  expectError(pattern: RegExp): void
  /** Every message logged so far. */
  messages(): readonly LoggedMessage[]
}

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]'])

/** True for http(s) URLs of a host other than this machine. */
function isExternalUrl(url: URL): boolean {
  return url.protocol.startsWith('http') && !LOCAL_HOSTS.has(url.hostname)
}

function isBookingPage(url: URL): boolean {
  const booking = new URL(site.bookingUrl)
  return url.origin === booking.origin && url.pathname === booking.pathname
}

const BOOKING_PAGE =
  '<!doctype html><html lang="en"><head><title>Booking</title></head><body><h1>Booking</h1></body></html>'

/** This machine has no internet: answer the booking page with a stand-in, refuse every other external request. */
async function handleExternalRequest(route: Route): Promise<void> {
  if (isBookingPage(new URL(route.request().url()))) {
    await route.fulfill({ status: 200, contentType: 'text/html', body: BOOKING_PAGE })
  } else {
    await route.abort()
  }
}

/** The console error Chromium logs for an external request the fixture refused (the video iframe). */
function isBlockedRequestNoise(message: LoggedMessage): boolean {
  if (!message.text.includes('net::ERR_FAILED') || !URL.canParse(message.url)) return false
  return isExternalUrl(new URL(message.url))
}

function watchConsole(context: BrowserContext): { messages: LoggedMessage[] } {
  const messages: LoggedMessage[] = []
  context.on('console', (message: ConsoleMessage) => {
    messages.push({ type: message.type(), text: message.text(), url: message.location().url })
  })
  context.on('weberror', (webError: WebError) => {
    const error = webError.error()
    messages.push({ type: 'pageerror', text: `${error.name}: ${error.message}`, url: webError.page()?.url() ?? '' })
  })
  return { messages }
}

export const test = base.extend<{ browserConsole: BrowserConsole }>({
  context: async ({ context }, use) => {
    await context.route(isExternalUrl, handleExternalRequest)
    await use(context)
  },

  browserConsole: [
    async ({ context }, use) => {
      const { messages } = watchConsole(context)
      const expected: RegExp[] = []
      await use({
        expectError: (pattern) => {
          expected.push(pattern)
        },
        messages: () => messages,
      })
      const unexpected = messages.filter(
        (message) =>
          (message.type === 'error' || message.type === 'pageerror') &&
          !isBlockedRequestNoise(message) &&
          !expected.some((pattern) => pattern.test(message.text)),
      )
      expect(unexpected, 'console errors or page errors the test did not expect').toEqual([])
    },
    { auto: true },
  ],
})
