import { screen } from '@testing-library/react'
import { jsonResponse, renderInbox, stubInboxServer } from '../testing/render-inbox.tsx'
import { SignInPage } from './sign-in-page.tsx'

const fetchMock = stubInboxServer()
const json = jsonResponse

function renderSignIn({ secureTransport = true } = {}) {
  fetchMock.mockImplementation(async (input) =>
    String(input).endsWith('/setup')
      ? json(200, { secureTransport })
      : json(401, { statusCode: 401, error: 'totp_required' }),
  )
  return renderInbox(<SignInPage />).user
}

describe('the sign-in page', () => {
  it('asks for the code only when the server says the account needs one, and sends it with the password', async () => {
    const user = renderSignIn()
    expect(screen.queryByLabelText('Authentication code')).not.toBeInTheDocument()
    await user.type(screen.getByLabelText('Email'), 'op@example.com')
    await user.type(screen.getByLabelText('Password'), 'a long password')
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    const code = await screen.findByLabelText('Authentication code')
    expect(code).toHaveFocus()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()

    await user.type(code, '123456')
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is not right')
    const [, init] = fetchMock.mock.calls.at(-1)!
    expect(JSON.parse(String(init?.body))).toEqual({
      email: 'op@example.com',
      password: 'a long password',
      code: '123456',
    })
  })

  it('says plainly when the connection is not secure', async () => {
    renderSignIn({ secureTransport: false })
    expect(await screen.findByRole('status')).toHaveTextContent('This connection is not secure')
  })
})
