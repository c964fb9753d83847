import { render, screen } from '@testing-library/react'
import { AdminApiError } from '../api/inbox-fetch.ts'
import { LoadFailed } from './load-failed.tsx'

const GENERIC = /could not reach the server/

describe('a read that failed', () => {
  it("shows the server's own words for a refusal it explained, with nothing to retry", () => {
    render(
      <LoadFailed
        error={new AdminApiError(400, 'Bad Request', 'the date range is backwards: from is after to')}
        onRetry={() => {}}
      />,
    )
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The server could not show this: the date range is backwards: from is after to.',
    )
    expect(screen.getByRole('alert')).not.toHaveTextContent(GENERIC)
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull()
  })

  it('offers to try again when the server was busy', () => {
    render(
      <LoadFailed
        error={new AdminApiError(429, 'Too Many Requests', 'Too many requests. Wait a minute.')}
        onRetry={() => {}}
      />,
    )
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The server could not show this: Too many requests. Wait a minute.',
    )
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument()
  })

  it.each([
    ['a 5xx', new AdminApiError(503, 'Service Unavailable', 'Service Unavailable')],
    ['no answer', new TypeError('Failed to fetch')],
    ['a 4xx without a message', new AdminApiError(404, undefined)],
  ])('keeps the generic message for %s', (_case, error) => {
    render(<LoadFailed error={error} onRetry={() => {}} />)
    expect(screen.getByRole('alert')).toHaveTextContent(GENERIC)
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument()
  })
})
