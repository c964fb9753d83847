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
  expect(result.current.scheduled).toBe(false)

  act(() => result.current.schedule())
  expect(result.current.scheduled).toBe(true)
  act(() => vi.advanceTimersByTime(1999))
  expect(open).not.toHaveBeenCalled()
  act(() => vi.advanceTimersByTime(1))
  expect(open).toHaveBeenCalledWith(url, '_blank')
  expect(tab.opener).toBeNull()
})

it('stays scheduled when the browser blocks the tab, so the link is still shown', () => {
  const open = vi.spyOn(window, 'open').mockReturnValue(null)
  const { result } = renderHook(() => useBookingRedirect(url, 2000))
  act(() => result.current.schedule())
  act(() => vi.advanceTimersByTime(2000))
  expect(open).toHaveBeenCalledOnce()
  expect(result.current.scheduled).toBe(true)
})

it('opens one tab when scheduled twice', () => {
  const open = vi.spyOn(window, 'open').mockReturnValue(null)
  const { result } = renderHook(() => useBookingRedirect(url, 2000))
  act(() => result.current.schedule())
  act(() => vi.advanceTimersByTime(1000))
  act(() => result.current.schedule())
  act(() => vi.advanceTimersByTime(1999))
  expect(open).not.toHaveBeenCalled()
  act(() => vi.advanceTimersByTime(1))
  expect(open).toHaveBeenCalledOnce()
})

it('does not open a tab after the page has gone', () => {
  const open = vi.spyOn(window, 'open').mockReturnValue(null)
  const { result, unmount } = renderHook(() => useBookingRedirect(url, 2000))
  act(() => result.current.schedule())
  unmount()
  vi.advanceTimersByTime(5000)
  expect(open).not.toHaveBeenCalled()
})
