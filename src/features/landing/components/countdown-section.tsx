import { useEffect, useSyncExternalStore, type ReactNode } from 'react'
import { site } from '../../../content/site.ts'
import { track } from '../../../features-shared/track.ts'
import { countdownFinishedBefore, rememberCountdownFinished } from '../countdown-memory.ts'
import { formatCountdown, useCountdown } from '../hooks/use-countdown.ts'

const noSubscription = () => () => undefined
const notBefore = () => false

interface CountdownSectionProps {
  /** What appears once the countdown reaches 0:00, and stays. */
  children: ReactNode
  /** Called once the countdown is nearly over, to fetch what 0:00 will show. */
  onAlmostDone?: () => void
}

export function CountdownSection({ children, onAlmostDone }: CountdownSectionProps) {
  const counted = useCountdown(site.countdown.seconds)
  // Read after hydration only: the prerendered page, like a first visit, starts at 1:30.
  const waitedBefore = useSyncExternalStore(noSubscription, countdownFinishedBefore, notBefore)
  const remaining = waitedBefore ? 0 : counted
  const finished = remaining === 0
  const almostDone = remaining <= site.countdown.preloadAtSeconds

  useEffect(() => {
    if (almostDone) onAlmostDone?.()
  }, [almostDone, onAlmostDone])

  useEffect(() => {
    if (!finished) return
    rememberCountdownFinished()
    track('countdown_finished')
  }, [finished])

  return (
    <section aria-labelledby="apply-heading" className="mx-auto max-w-3xl px-6 pb-24 text-center">
      <h2 id="apply-heading" className="text-2xl font-extrabold text-balance sm:text-4xl">
        {site.countdown.heading}
      </h2>
      <p className="mt-4 text-lg text-mist">{site.countdown.text}</p>
      {/* role=timer is not live: screen readers read it on demand instead of every second. */}
      <p role="timer" aria-atomic="true" className="mt-6 text-7xl font-black text-gold tabular-nums sm:text-8xl">
        {formatCountdown(remaining)}
      </p>
      <p className="sr-only" aria-live="polite">
        {finished ? site.countdown.openedAnnouncement : ''}
      </p>
      {/* Reserves the button's space from the start, so nothing below moves when it appears. */}
      <div className="mt-8 flex min-h-16 flex-col items-center justify-start gap-6">{finished ? children : null}</div>
    </section>
  )
}
