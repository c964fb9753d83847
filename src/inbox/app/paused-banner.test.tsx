import { screen, waitFor } from '@testing-library/react'
import type { PlatformStatus } from '../../../common/conversions-api.ts'
import type { AdminSession } from '../../../common/session-api.ts'
import { jsonResponse, renderInbox, stubInboxServer } from '../testing/render-inbox.tsx'
import { PausedBanner } from './paused-banner.tsx'

const SESSION: AdminSession = {
  email: 'owner@example.com',
  csrfToken: 'csrf-for-tests',
  totpEnabled: false,
  timeZone: 'UTC',
}
const status = (platform: PlatformStatus['platform'], pausedReason: string | null): PlatformStatus => ({
  platform,
  configured: true,
  lastSuccessAt: null,
  lastErrorAt: null,
  lastError: pausedReason,
  paused: pausedReason !== null,
  pausedAt: pausedReason === null ? null : '2026-11-21T08:00:00Z',
  pausedReason,
})

const fetchMock = stubInboxServer()

describe('the banner while an ad platform is paused', () => {
  it('names the paused platform and why, and leads to the Integrations page', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(200, [
        status('meta', null),
        status('google', 'the token was refused (HTTP 401)'),
        status('tiktok', null),
      ]),
    )
    renderInbox(<PausedBanner onIntegrations={false} />, SESSION)
    const banner = await screen.findByRole('region', { name: 'Ad platforms paused' })
    expect(banner).toHaveTextContent(
      'Google Ads is paused: the token was refused (HTTP 401). Its conversions wait until its token is replaced and the server restarted.',
    )
    expect(banner).not.toHaveTextContent('Meta')
    expect(screen.getByRole('link', { name: 'Open Integrations' })).toHaveAttribute('href', '/admin/integrations')
  })

  it('is not there while no platform is paused', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, [status('meta', null)]))
    const { client } = renderInbox(<PausedBanner onIntegrations={false} />, SESSION)
    await waitFor(() =>
      expect(
        client
          .getQueryCache()
          .findAll()
          .every((q) => q.state.status === 'success'),
      ).toBe(true),
    )
    expect(screen.queryByRole('region', { name: 'Ad platforms paused' })).toBeNull()
  })
})
