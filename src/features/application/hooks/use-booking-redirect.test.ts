import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { APPLIED_KEY, pageApplied } from '../draft/applied-store.ts'
import { useBookingRedirect } from './use-booking-redirect.ts'

const url = 'https://booking.example/30min'
const APPLICATION_ID = '3f2b8c9e-1d4a-4b6e-9f0a-2c7d5e8b1a34'

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

it('opens the booking page in a new tab exactly 2000 ms after scheduling', () => {
  const tab = { opener: window } as unknown as Window
  const open = vi.spyOn(window, 'open').mockReturnValue(tab)
  const { result } = renderHook(() => useBookingRedirect(2000, pageApplied))
  expect(result.current.url).toBeUndefined()

  act(() => result.current.schedule(url, APPLICATION_ID))
  expect(result.current.url).toBe(url)
  act(() => vi.advanceTimersByTime(1999))
  expect(open).not.toHaveBeenCalled()
  act(() => vi.advanceTimersByTime(1))
  expect(open).toHaveBeenCalledWith(url, '_blank')
  expect(tab.opener).toBeNull()
})

it('keeps the URL when the browser blocks the tab, so the link is still shown', () => {
  const open = vi.spyOn(window, 'open').mockReturnValue(null)
  const { result } = renderHook(() => useBookingRedirect(2000, pageApplied))
  act(() => result.current.schedule(url, APPLICATION_ID))
  act(() => vi.advanceTimersByTime(2000))
  expect(open).toHaveBeenCalledOnce()
  expect(result.current.url).toBe(url)
})

it('opens one tab, the latest URL, when scheduled twice', () => {
  const open = vi.spyOn(window, 'open').mockReturnValue(null)
  const { result } = renderHook(() => useBookingRedirect(2000, pageApplied))
  const latest = `${url}?name=Second`
  act(() => result.current.schedule(url, APPLICATION_ID))
  act(() => vi.advanceTimersByTime(1000))
  act(() => result.current.schedule(latest, APPLICATION_ID))
  expect(result.current.url).toBe(latest)
  act(() => vi.advanceTimersByTime(1999))
  expect(open).not.toHaveBeenCalled()
  act(() => vi.advanceTimersByTime(1))
  expect(open).toHaveBeenCalledOnce()
  expect(open).toHaveBeenCalledWith(latest, '_blank')
})

it('does not open a tab after the page has gone', () => {
  const open = vi.spyOn(window, 'open').mockReturnValue(null)
  const { result, unmount } = renderHook(() => useBookingRedirect(2000, pageApplied))
  act(() => result.current.schedule(url, APPLICATION_ID))
  unmount()
  vi.advanceTimersByTime(5000)
  expect(open).not.toHaveBeenCalled()
})

it('shows the link again after a reload in the same tab, without opening another tab', () => {
  const open = vi.spyOn(window, 'open').mockReturnValue(null)
  const first = renderHook(() => useBookingRedirect(2000, pageApplied))
  expect(first.result.current.restored).toBe(false)
  act(() => first.result.current.schedule(url, APPLICATION_ID))
  act(() => vi.advanceTimersByTime(2000))
  first.unmount()
  open.mockClear()

  const reloaded = renderHook(() => useBookingRedirect(2000, pageApplied))
  expect(reloaded.result.current).toMatchObject({ url, submissionId: APPLICATION_ID, restored: true })
  act(() => vi.advanceTimersByTime(5000))
  expect(open).not.toHaveBeenCalled()
})

it.each([
  ['a script for a link', JSON.stringify({ v: 1, bookingUrl: 'javascript:alert(1)', submissionId: APPLICATION_ID })],
  ['another shape', JSON.stringify({ bookingUrl: url, submissionId: APPLICATION_ID })],
  ['no JSON', '{'],
])('offers the application again when the tab kept %s', (_case, stored) => {
  sessionStorage.setItem(APPLIED_KEY, stored)
  const { result } = renderHook(() => useBookingRedirect(2000, pageApplied))
  expect(result.current.url).toBeUndefined()
  expect(result.current.restored).toBe(false)
})
