import { useEffect, useRef, useState } from 'react'

export type BookingTabState = 'idle' | 'waiting' | 'opened' | 'blocked'

/**
 * Opens the booking page in a new tab a moment after the application is
 * stored. Browsers often block a tab opened this long after the click, so the
 * state tells the page whether to point at the link instead.
 */
export function useBookingRedirect(url: string, delayMs: number) {
  const [state, setState] = useState<BookingTabState>('idle')
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)

  useEffect(() => () => clearTimeout(timer.current), [])

  const schedule = () => {
    clearTimeout(timer.current)
    setState('waiting')
    timer.current = setTimeout(() => {
      // Not 'noopener' in the features: with it, window.open returns null even on
      // success and a blocked tab could not be told apart.
      const tab = window.open(url, '_blank')
      if (tab) tab.opener = null
      setState(tab ? 'opened' : 'blocked')
    }, delayMs)
  }

  return { state, schedule }
}
