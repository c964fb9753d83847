import { useEffect, useRef, useState } from 'react'

/**
 * Opens the booking page in a new tab a moment after the application is
 * stored. Browsers often block a tab opened this long after the click, so
 * `scheduled` tells the page to show the booking link as well, whatever the
 * browser did (docs/decisions/002-booking-link-always-shown.md).
 */
export function useBookingRedirect(url: string, delayMs: number) {
  const [scheduled, setScheduled] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)

  useEffect(() => () => clearTimeout(timer.current), [])

  const schedule = () => {
    clearTimeout(timer.current)
    setScheduled(true)
    timer.current = setTimeout(() => {
      // The booking page is another site: it must not reach this one through
      // window.opener. A blocked tab comes back as null.
      const tab = window.open(url, '_blank')
      if (tab) tab.opener = null
    }, delayMs)
  }

  return { scheduled, schedule }
}
