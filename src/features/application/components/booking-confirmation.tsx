import { site } from '../../../content/site.ts'
import { track } from '../../analytics/track.ts'

const onLinkClick = () => track('booking_link_clicked')

/**
 * Always shown after a successful application: the automatic booking tab is
 * often blocked by the browser, and a lead who cannot book is lost.
 */
export function BookingConfirmation({ url }: { url: string }) {
  return (
    <div role="status" className="max-w-xl rounded-2xl bg-white/5 p-6 ring-1 ring-white/15">
      <p className="text-lg">{site.booking.confirmation}</p>
      <a
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        onClick={onLinkClick}
        className="mt-4 inline-flex min-h-12 items-center rounded-full bg-gold px-8 font-bold text-ink hover:bg-gold-strong"
      >
        {site.booking.linkLabel}
      </a>
    </div>
  )
}
