import { useEffect, useRef, useState } from 'react'
import { Toaster } from 'sonner'
import type { FormDefinition } from '../../../../common/application-form.ts'
import {
  bookingProviderFor,
  prefilledBookingUrl,
  type BookingPageProvider,
  type CampaignTouch,
} from '../../../../common/booking-link.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '../../../components/ui/dialog.tsx'
import { publicConfig } from '../../../config/public-config.ts'
import { applicationIntro } from '../../../content/application-intro.ts'
import { site } from '../../../content/site.ts'
import { pageAttribution } from '../../../features-shared/attribution-store.ts'
import { track } from '../../../features-shared/track.ts'
import { pageApplied, type AppliedStore } from '../draft/applied-store.ts'
import { useApplicationWizard } from '../hooks/use-application-wizard.ts'
import { useBookingRedirect } from '../hooks/use-booking-redirect.ts'
import { ApplicationWizard } from './application-wizard.tsx'
import { BookingConfirmation } from './booking-confirmation.tsx'

interface ApplicationDialogProps {
  /** Put the focus on 'Apply Now' as it appears: it replaces the button the visitor just pressed. */
  focusOnMount?: boolean
  /** The questions to ask; the application's (common/application-form.ts) unless given. */
  form?: FormDefinition
  /** The booking page and its provider; the build's (VITE_BOOKING_URL, VITE_BOOKING_PROVIDER) unless given. */
  booking?: { url: string; provider?: BookingPageProvider }
  /** The campaign parameters of the visitor's last visit, read when the application is stored. */
  readLastTouch?: () => CampaignTouch | undefined
  /** Where the tab remembers that its visitor applied; this tab's sessionStorage unless given. */
  applied?: AppliedStore
}

const buildBooking = { url: publicConfig.bookingUrl, provider: publicConfig.bookingProvider }
const storedLastTouch = () => pageAttribution()?.last_touch

/** A tap on a toast, to close or swipe it, is not a tap outside that should dismiss the application. */
function keepOpenOnToasts(event: Event) {
  if (event.target instanceof Element && event.target.closest('[data-sonner-toaster]')) event.preventDefault()
}

/** 'Apply Now', the application modal, and the way on to the booking page. */
export function ApplicationDialog({
  focusOnMount = false,
  form,
  booking: bookingPage = buildBooking,
  readLastTouch = storedLastTouch,
  applied = pageApplied,
}: ApplicationDialogProps) {
  const [open, setOpen] = useState(false)
  const applyRef = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    if (focusOnMount) applyRef.current?.focus()
  }, [focusOnMount])
  const booking = useBookingRedirect(site.booking.redirectDelayMs, applied)
  const wizard = useApplicationWizard({
    onSubmitted: ({ answers, submissionId }) => {
      setOpen(false)
      const provider = bookingProviderFor(bookingPage.url, bookingPage.provider)
      booking.schedule(
        prefilledBookingUrl(bookingPage.url, provider, { answers, applicationId: submissionId }, readLastTouch()),
        submissionId,
      )
    },
    form,
  })
  const { stepIndex } = wizard
  useEffect(() => {
    if (open) track('step_viewed', stepIndex + 1)
  }, [open, stepIndex])

  return (
    <>
      {/* Once the application is stored, booking is the one thing offered: no second 'Apply Now', after a reload too. */}
      {booking.url ? (
        <BookingConfirmation url={booking.url} submissionId={booking.submissionId} takeFocus={!booking.restored} />
      ) : (
        <Dialog open={open} onOpenChange={setOpen}>
          <DialogTrigger asChild>
            <Button ref={applyRef} size="large" onClick={() => track('apply_clicked')}>
              {site.countdown.applyLabel}
            </Button>
          </DialogTrigger>
          <DialogContent closeLabel={site.application.closeLabel} onInteractOutside={keepOpenOnToasts}>
            <DialogTitle className="pr-10 text-2xl font-extrabold">{site.application.title}</DialogTitle>
            <DialogDescription className="mt-2 text-ink/70">{applicationIntro(wizard.stepCount)}</DialogDescription>
            <ApplicationWizard wizard={wizard} />
          </DialogContent>
        </Dialog>
      )}
      {/* Only the application raises toasts, so they load with it. Position, duration and count
          are sonner's defaults, spelled out because the spec names them. The open modal turns
          pointer events off outside itself; the toasts take them back so their close button works. */}
      <Toaster
        position="bottom-right"
        duration={site.toasts.durationMs}
        visibleToasts={site.toasts.maxVisible}
        richColors
        closeButton
        style={{ pointerEvents: 'auto' }}
      />
    </>
  )
}
