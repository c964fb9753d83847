import { screen, within, type BoundFunctions, type queries } from '@testing-library/react'
import { CSRF_HEADER } from '../../../common/admin-api.ts'
import type { PlatformStatus, TestEventAnswer } from '../../../common/conversions-api.ts'
import type { AdminSession } from '../../../common/session-api.ts'
import { jsonResponse, renderInbox, stubInboxServer } from '../testing/render-inbox.tsx'
import { IntegrationsPage } from './integrations-page.tsx'

const SESSION: AdminSession = {
  email: 'owner@example.com',
  csrfToken: 'csrf-for-tests',
  totpEnabled: false,
  timeZone: 'UTC',
}

const STATUSES: PlatformStatus[] = [
  {
    platform: 'meta',
    configured: true,
    lastSuccessAt: '2026-11-20T10:05:00Z',
    lastErrorAt: null,
    lastError: null,
    paused: false,
    pausedAt: null,
    pausedReason: null,
  },
  {
    platform: 'google',
    configured: true,
    lastSuccessAt: null,
    lastErrorAt: '2026-11-21T08:00:00Z',
    lastError: 'Google Ads refused the access token (401) twice',
    paused: true,
    pausedAt: '2026-11-21T08:00:00Z',
    pausedReason: 'Google Ads refused the access token (401) twice',
  },
  {
    platform: 'tiktok',
    configured: false,
    lastSuccessAt: null,
    lastErrorAt: null,
    lastError: null,
    paused: false,
    pausedAt: null,
    pausedReason: null,
  },
]

const fetchMock = stubInboxServer()

/** The server: the platforms, and each test event answered by `tested`; the test events' requests are kept. */
function serve(tested: (platform: string) => TestEventAnswer | Response) {
  const posts: { url: string; headers: Headers }[] = []
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input)
    if (init?.method !== 'POST') return jsonResponse(200, STATUSES)
    posts.push({ url, headers: new Headers(init.headers) })
    const answer = tested(/platforms\/(\w+)\/test$/.exec(url)?.[1] ?? '')
    return answer instanceof Response ? answer : jsonResponse(200, answer)
  })
  return posts
}

const panel = async (name: string) => within(await screen.findByRole('region', { name }))
const facts = (region: BoundFunctions<typeof queries>) =>
  region.getAllByRole('term').map((term: HTMLElement) => `${term.textContent}: ${term.nextElementSibling?.textContent}`)

describe('the Integrations page', () => {
  it('shows each platform: set up or not, last success and error, paused with why', async () => {
    serve(() => jsonResponse(500, {}))
    renderInbox(<IntegrationsPage />, SESSION)
    expect(screen.getByRole('heading', { level: 1, name: 'Integrations' })).toBeInTheDocument()
    expect(facts(await panel('Meta'))).toEqual([
      'Set up: Yes, conversions are sent',
      expect.stringMatching(/^Last success: Nov 20, 2026/),
      'Last error: None',
      'Paused: No',
    ])
    expect(facts(await panel('Google Ads'))).toEqual([
      'Set up: Yes, conversions are sent',
      'Last success: Never',
      expect.stringMatching(/^Last error: Nov 21, 2026.*: Google Ads refused the access token \(401\) twice$/),
      expect.stringMatching(/^Paused: Since Nov 21, 2026.*: Google Ads refused the access token \(401\) twice$/),
    ])
    const tiktok = await panel('TikTok')
    expect(facts(tiktok)[0]).toBe('Set up: No: set TIKTOK_PIXEL_CODE and TIKTOK_ACCESS_TOKEN to turn it on')
    // Nothing to test on a platform that is off.
    expect(tiktok.queryByRole('button')).toBeNull()
  })

  it('sends a test event with the CSRF token and says what became of it: the trace id, or why not', async () => {
    const posts = serve((platform) =>
      platform === 'meta'
        ? { platform: 'meta', status: 'sent', traceId: 'AtraceTest1', reason: null }
        : { platform: 'google', status: 'skipped', traceId: null, reason: 'Google Ads is not configured for tests' },
    )
    const { user } = renderInbox(<IntegrationsPage />, SESSION)
    const meta = await panel('Meta')
    await user.click(meta.getByRole('button', { name: 'Send a test event to Meta' }))
    expect(await meta.findByText(/^Sent: Meta took the test event \(trace id AtraceTest1\)/)).toHaveAttribute(
      'role',
      'status',
    )
    expect(posts.map((post) => [post.url, post.headers.get(CSRF_HEADER)])).toEqual([
      ['/api/admin/conversions/platforms/meta/test', SESSION.csrfToken],
    ])
    const google = await panel('Google Ads')
    await user.click(google.getByRole('button', { name: 'Send a test event to Google Ads' }))
    expect(await google.findByRole('status')).toHaveTextContent('Not sent: Google Ads is not configured for tests.')
  })

  it('says so when the test event could not be asked for at all', async () => {
    serve(() => jsonResponse(500, { statusCode: 500, error: 'Internal Server Error', message: 'boom' }))
    const { user } = renderInbox(<IntegrationsPage />, SESSION)
    const meta = await panel('Meta')
    await user.click(meta.getByRole('button', { name: 'Send a test event to Meta' }))
    expect(await meta.findByText('The test event could not be sent. Try again.')).toHaveAttribute('role', 'status')
  })
})
