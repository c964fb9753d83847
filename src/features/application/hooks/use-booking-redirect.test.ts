import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { useBookingRedirect } from './use-booking-redirect.ts'

const url = 'https://booking.example/30min'

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

it('opens the booking page in a new tab exactly 2000 ms after scheduling', () => {
  const tab = { opener: window } as unknown as Window
  const open = vi.spyOn(window, 'open').mockReturnValue(tab)
  const { result } = renderHook(() => useBookingRedirect(url, 2000))

  act(() => result.current.schedule())
  expect(result.current.state).toBe('waiting')
  act(() => vi.advanceTimersByTime(1999))
  expect(open).not.toHaveBeenCalled()
  act(() => vi.advanceTimersByTime(1))
  expect(open).toHaveBeenCalledWith(url, '_blank')
  expect(tab.opener).toBeNull()
  expect(result.current.state).toBe('opened')
})

it('reports a tab the browser blocked', () => {
  vi.spyOn(window, 'open').mockReturnValue(null)
  const { result } = renderHook(() => useBookingRedirect(url, 2000))
  act(() => result.current.schedule())
  act(() => vi.advanceTimersByTime(2000))
  expect(result.current.state).toBe('blocked')
})

it('does not open a tab after the page has gone', () => {
  const open = vi.spyOn(window, 'open').mockReturnValue(null)
  const { result, unmount } = renderHook(() => useBookingRedirect(url, 2000))
  act(() => result.current.schedule())
  unmount()
  vi.advanceTimersByTime(5000)
  expect(open).not.toHaveBeenCalled()
})
