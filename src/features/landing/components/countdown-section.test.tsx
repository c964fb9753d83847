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

it('remembers on the device that the countdown ran out, and shows the action at once for a week after', async () => {
  const { sendEventsTo } = await import('../../../features-shared/track.ts')
  const events: unknown[] = []
  sendEventsTo((event) => events.push(event))
  // The earlier tests' countdowns ran out too.
  events.length = 0
  const first = render(<CountdownSection>Ready</CountdownSection>)
  act(() => vi.advanceTimersByTime(90_000))
  expect(events).toEqual([{ type: 'countdown_finished' }])
  expect(Object.keys(localStorage)).toEqual(['countdown.finished_at'])
  first.unmount()

  act(() => vi.advanceTimersByTime(6 * 24 * 60 * 60 * 1000))
  const again = render(<CountdownSection>Ready</CountdownSection>)
  expect(screen.getByRole('timer')).toHaveTextContent(/^0:00$/)
  expect(screen.getByText('Ready')).toBeVisible()
  again.unmount()

  act(() => vi.advanceTimersByTime(7 * 24 * 60 * 60 * 1000 + 1))
  render(<CountdownSection>Ready</CountdownSection>)
  expect(screen.getByRole('timer')).toHaveTextContent(/^1:30$/)
})
