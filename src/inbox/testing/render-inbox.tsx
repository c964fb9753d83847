import { QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactNode } from 'react'
import type { AdminSession } from '../../../common/session-api.ts'
import { createInboxQueryClient } from '../api/query-client.ts'
import { SESSION_KEY } from '../api/session-key.ts'

/** An answer of the stand-in server, as the inbox's API gives it. */
export const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

/**
 * Stands in for the server for every test of the file that calls it: each
 * test sets what it answers with `mockImplementation`, and nothing leaks into
 * the next test.
 */
export function stubInboxServer() {
  const fetchMock = vi.fn<typeof fetch>()
  beforeEach(() => {
    fetchMock.mockReset()
    vi.stubGlobal('fetch', fetchMock)
  })
  afterEach(() => vi.unstubAllGlobals())
  return fetchMock
}

/** Renders a piece of the inbox with a cache of its own, signed in as `session` when one is given, and a user to drive it. */
export function renderInbox(ui: ReactNode, session?: AdminSession) {
  const client = createInboxQueryClient()
  if (session) client.setQueryData(SESSION_KEY, session)
  render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>)
  return { client, user: userEvent.setup() }
}
