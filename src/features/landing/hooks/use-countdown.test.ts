import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { formatCountdown, useCountdown } from './use-countdown.ts'

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe('useCountdown', () => {
  it('counts down one a second from the start and stops at zero', () => {
    const { result } = renderHook(() => useCountdown(90))
    expect(result.current).toBe(90)
    act(() => vi.advanceTimersByTime(999))
    expect(result.current).toBe(90)
    act(() => vi.advanceTimersByTime(1))
    expect(result.current).toBe(89)
    act(() => vi.advanceTimersByTime(88_000))
    expect(result.current).toBe(1)
    act(() => vi.advanceTimersByTime(1_000))
    expect(result.current).toBe(0)
    act(() => vi.advanceTimersByTime(10_000))
    expect(result.current).toBe(0)
    expect(vi.getTimerCount()).toBe(0)
  })

  it('shows the true time on returning to a tab whose timers were held back', () => {
    const { result } = renderHook(() => useCountdown(90))
    // The clock moves on while no timer fires, as in a throttled background tab.
    vi.setSystemTime(Date.now() + 45_000)
    expect(result.current).toBe(90)
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'))
    })
    expect(result.current).toBe(45)
  })
})

describe('formatCountdown', () => {
  it.each([
    [90, '1:30'],
    [89, '1:29'],
    [60, '1:00'],
    [9, '0:09'],
    [0, '0:00'],
  ])('%i seconds reads %s', (seconds, text) => {
    expect(formatCountdown(seconds)).toBe(text)
  })
})
