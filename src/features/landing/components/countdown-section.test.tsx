import { act, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { CountdownSection } from './countdown-section.tsx'

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

it('shows the heading, text and a quiet m:ss timer, then reveals the action at 0:00 for good', () => {
  render(
    <CountdownSection>
      <button type="button">Apply Now</button>
    </CountdownSection>,
  )
  expect(screen.getByRole('heading', { name: 'Application Will Appear In 1 minute and 30 seconds' })).toBeVisible()
  expect(screen.getByText('Ready to join? Application button appears in...')).toBeVisible()
  const timer = screen.getByRole('timer')
  expect(timer).toHaveTextContent(/^1:30$/)
  expect(timer.closest('[aria-live="polite"], [aria-live="assertive"]')).toBeNull()
  expect(screen.queryByRole('button', { name: 'Apply Now' })).not.toBeInTheDocument()

  act(() => vi.advanceTimersByTime(1_000))
  expect(timer).toHaveTextContent(/^1:29$/)
  act(() => vi.advanceTimersByTime(88_000))
  expect(timer).toHaveTextContent(/^0:01$/)
  expect(screen.queryByRole('button', { name: 'Apply Now' })).not.toBeInTheDocument()

  act(() => vi.advanceTimersByTime(1_000))
  expect(timer).toHaveTextContent(/^0:00$/)
  expect(screen.getByRole('button', { name: 'Apply Now' })).toBeVisible()
  expect(screen.getByText('The application is open.')).toBeInTheDocument()

  act(() => vi.advanceTimersByTime(60_000))
  expect(screen.getByRole('button', { name: 'Apply Now' })).toBeVisible()
})

it('asks for what 0:00 will show once 30 seconds are left, not before', () => {
  const onAlmostDone = vi.fn()
  render(<CountdownSection onAlmostDone={onAlmostDone}>Ready</CountdownSection>)
  act(() => vi.advanceTimersByTime(59_000))
  expect(onAlmostDone).not.toHaveBeenCalled()
  act(() => vi.advanceTimersByTime(1_000))
  expect(onAlmostDone).toHaveBeenCalledTimes(1)
})
