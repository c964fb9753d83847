import { screen } from '@testing-library/react'
import {
  SETUP_LINK_EXPIRED,
  SETUP_LINK_UNKNOWN,
  SETUP_LINK_USED,
  SETUP_PAGE_PATH,
} from '../../../common/account-api.ts'
import { SESSION_KEY } from '../api/session-key.ts'
import { jsonResponse, renderInbox, stubInboxServer } from '../testing/render-inbox.tsx'
import { SetupPage } from './setup-page.tsx'

const TOKEN = 'T'.repeat(43)
const fetchMock = stubInboxServer()
const json = jsonResponse

beforeEach(() => {
  window.history.replaceState(null, '', `${SETUP_PAGE_PATH}#${TOKEN}`)
})

function renderPage() {
  return renderInbox(<SetupPage />)
}

describe('the set-up page a teammate’s link opens', () => {
  it.each([
    [404, SETUP_LINK_UNKNOWN, 'This set-up link is not valid.'],
    [410, SETUP_LINK_USED, 'This set-up link was already used.'],
    [410, SETUP_LINK_EXPIRED, 'This set-up link has expired'],
  ])('says why a link answered %i %s works no more', async (status, error, message) => {
    fetchMock.mockResolvedValue(json(status, { statusCode: status, error, message: 'the server’s' }))
    renderPage()
    expect(await screen.findByRole('alert')).toHaveTextContent(message)
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/admin')
    expect(screen.queryByLabelText('Password', { exact: true })).not.toBeInTheDocument()
  })

  it('takes the token out of the address, sends it in the body, and signs the teammate in with the password chosen twice', async () => {
    const session = { email: 'mate@example.com', csrfToken: 'csrf', totpEnabled: false }
    fetchMock.mockImplementation(async (input) =>
      String(input).endsWith('/password')
        ? json(200, { email: session.email, session })
        : json(200, { email: session.email, expiresAt: '2030-01-01T00:00:00.000Z' }),
    )
    const { client, user } = renderPage()
    expect(window.location.hash).toBe('')
    expect(await screen.findByText('Choose the password for mate@example.com.')).toBeInTheDocument()
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ token: TOKEN })

    await user.type(screen.getByLabelText('Password', { exact: true }), 'a long enough password')
    await user.type(screen.getByLabelText('Password again'), 'a different password')
    await user.click(screen.getByRole('button', { name: 'Set password' }))
    expect(screen.getByRole('alert')).toHaveTextContent('The two passwords differ.')
    expect(fetchMock).toHaveBeenCalledTimes(1)

    await user.clear(screen.getByLabelText('Password again'))
    await user.type(screen.getByLabelText('Password again'), 'a long enough password')
    await user.click(screen.getByRole('button', { name: 'Set password' }))
    await vi.waitFor(() => expect(window.location.pathname).toBe('/admin'))
    expect(JSON.parse(String(fetchMock.mock.calls[1]?.[1]?.body))).toEqual({
      token: TOKEN,
      password: 'a long enough password',
    })
    expect(client.getQueryData(SESSION_KEY)).toEqual(session)
  })

  it('says so when the address holds no token', () => {
    window.history.replaceState(null, '', SETUP_PAGE_PATH)
    renderPage()
    expect(screen.getByRole('alert')).toHaveTextContent('This address holds no set-up link')
    expect(fetchMock).not.toHaveBeenCalled()
  })
})
