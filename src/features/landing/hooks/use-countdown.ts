import { useEffect, useState } from 'react'

/**
 * Seconds left until a deadline fixed when the component mounts.
 *
 * The value is derived from the clock on every tick instead of counting ticks,
 * because browsers throttle timers in background tabs; returning to the tab
 * shows the true remaining time at once.
 */
export function useCountdown(totalSeconds: number): number {
  const [deadline] = useState(() => Date.now() + totalSeconds * 1000)
  const [remaining, setRemaining] = useState(totalSeconds)
  const finished = remaining === 0

  useEffect(() => {
    if (finished) return
    let timer: ReturnType<typeof setTimeout> | undefined

    const tick = () => {
      clearTimeout(timer)
      const msLeft = Math.max(0, deadline - Date.now())
      setRemaining(Math.ceil(msLeft / 1000))
      // Wake on the next whole-second boundary so the display never lags.
      if (msLeft > 0) timer = setTimeout(tick, msLeft % 1000 || 1000)
    }

    timer = setTimeout(tick, Math.max(0, deadline - Date.now()) % 1000 || 1000)
    document.addEventListener('visibilitychange', tick)
    return () => {
      clearTimeout(timer)
      document.removeEventListener('visibilitychange', tick)
    }
  }, [deadline, finished])

  return remaining
}

/** 90 → '1:30', 5 → '0:05'. */
export function formatCountdown(totalSeconds: number): string {
  const minutes = Math.floor(totalSeconds / 60)
  const seconds = totalSeconds % 60
  return `${minutes}:${String(seconds).padStart(2, '0')}`
}
