import { screen, waitFor, within } from '@testing-library/react'
import { CSRF_HEADER } from '../../../common/admin-api.ts'
import type { LeadConversionView, PlatformStatus } from '../../../common/conversions-api.ts'
import type { AdminSession } from '../../../common/session-api.ts'
import { jsonResponse, renderInbox, stubInboxServer } from '../testing/render-inbox.tsx'
import { LeadConversions } from './lead-conversions.tsx'

const SESSION: AdminSession = {
  email: 'owner@example.com',
  csrfToken: 'csrf-for-tests',
  totpEnabled: false,
  timeZone: 'UTC',
}
const LEAD = 41

const platform = (name: PlatformStatus['platform'], configured: boolean): PlatformStatus => ({
  platform: name,
  configured,
  lastSuccessAt: null,
  lastErrorAt: null,
  lastError: null,
  paused: false,
  pausedAt: null,
  pausedReason: null,
})
const row = (id: number, over: Partial<LeadConversionView>): LeadConversionView => ({
  id,
  platform: 'meta',
  stage: 'application',
  kind: 'conversion',
  state: 'pending',
  reason: null,
  traceId: null,
  attempts: 0,
  nextAttemptAt: null,
  finishedAt: null,
  ...over,
})

const fetchMock = stubInboxServer()

/** Each line under a platform's heading, as read. */
const linesOf = (section: HTMLElement, platformName: string) => {
  const list = within(section).getByRole('heading', { name: platformName, level: 3 }).nextElementSibling as HTMLElement
  return within(list)
    .getAllByRole('listitem')
    .map((item) => item.textContent)
}

/** The server: the platforms, and the lead's rows as `rows()` says at each read; POSTs are kept. */
function serve(platforms: PlatformStatus[], rows: () => LeadConversionView[]) {
  const posts: { url: string; headers: Headers }[] = []
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input)
    if (init?.method === 'POST') {
      posts.push({ url, headers: new Headers(init.headers) })
      return new Response(null, { status: 204 })
    }
    if (url.endsWith('/conversions/platforms')) return jsonResponse(200, platforms)
    if (url.endsWith(`/leads/${LEAD}/conversions`)) return jsonResponse(200, rows())
    return jsonResponse(404, { error: 'Not Found' })
  })
  return posts
}

describe('the lead page’s Ad platforms section', () => {
  it('shows each configured platform’s state per stage, with the trace id, the reason and what is not reached yet', async () => {
    serve([platform('meta', true), platform('google', false), platform('tiktok', true)], () => [
      row(1, { state: 'sent', traceId: 'AbCtrace42', finishedAt: '2026-11-20T10:05:00Z' }),
      row(2, {
        stage: 'booked',
        state: 'retrying',
        reason: 'retrying: HTTP 503',
        nextAttemptAt: '2026-11-20T10:09:00Z',
      }),
      row(3, { platform: 'tiktok', state: 'skipped', reason: 'no click id' }),
      row(4, { platform: 'google', state: 'expired', reason: 'the click is older than 90 days' }),
    ])
    renderInbox(<LeadConversions leadId={LEAD} />, SESSION)
    const section = await screen.findByRole('region', { name: 'Ad platforms' })
    expect(
      within(section)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Meta', 'Google Ads', 'TikTok'])
    expect(linesOf(section, 'Meta')).toEqual([
      expect.stringMatching(/^Applied: Sent Nov 20, 2026, 10:05\sAMTrace id: AbCtrace42$/),
      expect.stringMatching(/^Booked a call: Retrying; next attempt Nov 20, 2026, 10:09\sAM: HTTP 503$/),
      'Showed up: Not reached yet',
      'Won: Not reached yet',
    ])
    // Google is off but kept its row; the stages it never got are not waited for.
    expect(linesOf(section, 'Google Ads')).toEqual(['Applied: Expired: the click is older than 90 days'])
    expect(linesOf(section, 'TikTok')[0]).toBe('Applied: Skipped: the lead came from no ad click of this platform')
    expect(within(section).queryByRole('button', { name: /Resend/ })).toBeNull()
  })

  it('resends a failed one with the CSRF token, and then reads it as waiting', async () => {
    let state: LeadConversionView['state'] = 'failed'
    const posts = serve([platform('meta', true)], () => [
      row(7, { state, reason: state === 'failed' ? 'Invalid parameter' : null, attempts: 3 }),
    ])
    const { user } = renderInbox(<LeadConversions leadId={LEAD} />, SESSION)
    const section = await screen.findByRole('region', { name: 'Ad platforms' })
    await waitFor(() => expect(linesOf(section, 'Meta')[0]).toBe('Applied: Failed: Invalid parameterResend'))
    state = 'pending'
    await user.click(screen.getByRole('button', { name: 'Resend “Applied” to Meta' }))
    await waitFor(() => expect(linesOf(section, 'Meta')[0]).toBe('Applied: Waiting to be sent'))
    expect(posts.map((post) => [post.url, post.headers.get(CSRF_HEADER)])).toEqual([
      ['/api/admin/conversions/7/resend', SESSION.csrfToken],
    ])
    expect(screen.queryByRole('button', { name: /Resend/ })).toBeNull()
  })

  it('is not there when no platform is configured and the lead has no rows', async () => {
    serve([platform('meta', false), platform('google', false), platform('tiktok', false)], () => [])
    const { client } = renderInbox(<LeadConversions leadId={LEAD} />, SESSION)
    // Both reads answered: what the section decides from them has been drawn.
    await waitFor(() => {
      const queries = client.getQueryCache().findAll()
      expect(queries).toHaveLength(3)
      expect(queries.every((query) => query.state.status === 'success')).toBe(true)
    })
    expect(screen.queryByRole('region', { name: 'Ad platforms' })).toBeNull()
  })
})
