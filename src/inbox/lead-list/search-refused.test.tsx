import { screen, within } from '@testing-library/react'
import { SEARCH_TOO_SHORT } from '../../../common/lead-list-api.ts'
import type { AdminSession } from '../../../common/session-api.ts'
import { jsonResponse, renderInbox, stubInboxServer } from '../testing/render-inbox.tsx'
import { LeadListPage } from './lead-list-page.tsx'

const fetchMock = stubInboxServer()
const SESSION: AdminSession = {
  email: 'owner@example.com',
  csrfToken: 'csrf-token-for-tests',
  totpEnabled: false,
  timeZone: 'UTC',
}

// The body the server sends for a search too short to look up (server/leads/lead-filter.ts, in the one /api error shape).
const REFUSAL = {
  statusCode: 400,
  error: 'Bad Request',
  message: `q: ${SEARCH_TOO_SHORT}`,
  details: [{ field: 'q', message: SEARCH_TOO_SHORT }],
}

describe('the search box, when the server refuses the search', () => {
  it("says the server's words under the field, marks it invalid, and shows them in place of the list", async () => {
    fetchMock.mockImplementation(async (input) => {
      const path = new URL(String(input), 'http://inbox.test').pathname
      return path.endsWith('/leads/sources') ? jsonResponse(200, { sources: [] }) : jsonResponse(400, REFUSAL)
    })
    renderInbox(<LeadListPage params={new URLSearchParams({ q: '§' })} />, SESSION)
    const box = await screen.findByRole('searchbox', { name: 'Search' })
    const alert = await screen.findByRole('alert')
    expect(
      within(alert).getByText(/The server could not show this: q: Type at least 3 letters or digits/),
    ).toBeVisible()
    expect(box).toHaveAccessibleDescription(SEARCH_TOO_SHORT)
    expect(box).toHaveAttribute('aria-invalid', 'true')
  })

  it('keeps the usual hint while the search is accepted', async () => {
    fetchMock.mockImplementation(async (input) => {
      const path = new URL(String(input), 'http://inbox.test').pathname
      if (path.endsWith('/leads/sources')) return jsonResponse(200, { sources: [] })
      return jsonResponse(200, path.endsWith('/count') ? { total: 0, totalCapped: false } : { leads: [] })
    })
    renderInbox(<LeadListPage params={new URLSearchParams({ q: 'hopper' })} />, SESSION)
    const box = await screen.findByRole('searchbox', { name: 'Search' })
    await screen.findByText('No leads match this view.')
    expect(box).toHaveAccessibleDescription('Name, email, Instagram, business or phone')
    expect(box).toHaveAttribute('aria-invalid', 'false')
  })
})
