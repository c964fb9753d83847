import { useEffect, useRef, useState } from 'react'
import { track } from '../../../features-shared/track.ts'
import type { AppliedStore } from '../draft/applied-store.ts'

/**
 * Opens the booking page in a new tab a moment after the application is
 * stored. Browsers often block a tab opened this long after the click, so the
 * scheduled `url` is also there for the page to show as a link, whatever the
 * browser did (docs/decisions/002-booking-link-always-shown.md). It is kept
 * in `applied` for the tab's session: a reload shows the link again (`restored`).
 */
export function useBookingRedirect(delayMs: number, applied: AppliedStore) {
  // Read once, as the application first renders: it only ever does in the browser.
  const [kept] = useState(() => applied.read())
  const [url, setUrl] = useState<string | undefined>(kept?.bookingUrl)
  const [submissionId, setSubmissionId] = useState<string | undefined>(kept?.submissionId)
  const [restored, setRestored] = useState(kept !== null)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)

  useEffect(() => () => clearTimeout(timer.current), [])

  /** Opens `url`, prefilled for the application just stored (`applicationId`, its submission_id), once the delay is over. */
  const schedule = (bookingUrl: string, applicationId: string) => {
    clearTimeout(timer.current)
    applied.save({ bookingUrl, submissionId: applicationId })
    setUrl(bookingUrl)
    setSubmissionId(applicationId)
    setRestored(false)
    timer.current = setTimeout(() => {
      // The booking page is another site: it must not reach this one through
      // window.opener. A blocked tab comes back as null.
      const tab = window.open(bookingUrl, '_blank')
      if (!tab) return
      tab.opener = null
      track('booking_opened', undefined, applicationId)
    }, delayMs)
  }

  return { url, submissionId, restored, schedule }
}
