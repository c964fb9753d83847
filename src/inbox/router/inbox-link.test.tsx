import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { InboxLink } from './inbox-link.tsx'
import { navigate, takeTitleFocus, useLocation } from './use-location.ts'

/** Shows where the inbox is, with a link to the board. */
function Where() {
  const { path, params } = useLocation()
  return (
    <>
      <p>
        at {path} source {params.get('source') ?? 'none'}
      </p>
      <InboxLink href="/admin/board">Board</InboxLink>
    </>
  )
}

describe('the inbox’s router', () => {
  beforeEach(() => {
    window.history.replaceState(null, '', '/admin')
    // jsdom has no scrolling; the router scrolls to the top of a new view.
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined)
    takeTitleFocus()
  })

  it('follows a plain click on a link within the page, and the back button back', async () => {
    const user = userEvent.setup()
    render(<Where />)
    expect(screen.getByText('at /admin source none')).toBeInTheDocument()
    const before = window.history.length
    await user.click(screen.getByRole('link', { name: 'Board' }))
    expect(screen.getByText('at /admin/board source none')).toBeInTheDocument()
    expect(window.location.pathname).toBe('/admin/board')
    expect(window.history.length).toBe(before + 1)
    expect(takeTitleFocus()).toBe(true)
    expect(takeTitleFocus()).toBe(false)

    await act(async () => {
      window.history.back()
      await new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }))
    })
    expect(screen.getByText('at /admin source none')).toBeInTheDocument()
  })

  it('leaves a click with a modifier to the browser (a new tab), so the page stays', async () => {
    const user = userEvent.setup()
    render(<Where />)
    const link = screen.getByRole('link', { name: 'Board' })
    expect(link).toHaveAttribute('href', '/admin/board')
    // After the page has let the click be (the listener is above React's root), keep jsdom from leaving the page.
    document.addEventListener('click', (event) => event.preventDefault(), { once: true })
    await user.keyboard('{Control>}')
    await user.click(link)
    await user.keyboard('{/Control}')
    expect(screen.getByText('at /admin source none')).toBeInTheDocument()
    expect(window.location.pathname).toBe('/admin')
  })

  it('replaces the address for a change of query in place, without moving the title’s focus', () => {
    render(<Where />)
    const before = window.history.length
    act(() => navigate('/admin?source=yt', { replace: true }))
    expect(screen.getByText('at /admin source yt')).toBeInTheDocument()
    expect(window.history.length).toBe(before)
    expect(takeTitleFocus()).toBe(false)
  })
})
