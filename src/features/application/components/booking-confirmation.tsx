import { useEffect, useRef } from 'react'
import { site } from '../../../content/site.ts'
import { track } from '../../../features-shared/track.ts'

/**
 * Always shown after a successful application, where 'Apply Now' was: the
 * automatic booking tab is often blocked by the browser, and a lead who cannot
 * book is lost. It comes into the middle of the screen, clear of the toasts at
 * the bottom, and its link takes the focus the closed dialog hands back. After
 * a reload (`takeFocus` false) it is simply there, where 'Apply Now' would be.
 */
export function BookingConfirmation({
  url,
  submissionId,
  takeFocus = true,
}: {
  url: string
  submissionId?: string | undefined
  takeFocus?: boolean
}) {
  const link = useRef<HTMLAnchorElement>(null)
  useEffect(() => {
    const element = link.current
    if (!element || !takeFocus) return
    // Not in every DOM (jsdom has none); the focus still moves.
    if ('scrollIntoView' in element) element.scrollIntoView({ block: 'center', behavior: 'instant' })
    element.focus({ preventScroll: true })
  }, [takeFocus])
  return (
    <div role="status" className="mx-auto max-w-xl rounded-2xl bg-white/5 p-6 ring-1 ring-white/15">
      <p className="text-lg">{site.booking.confirmation}</p>
      <a
        ref={link}
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        onClick={() => track('booking_link_clicked', undefined, submissionId)}
        className="mt-4 inline-flex min-h-12 items-center rounded-full bg-gold px-8 font-bold text-ink hover:bg-gold-strong"
      >
        {site.booking.linkLabel}
      </a>
    </div>
  )
}
