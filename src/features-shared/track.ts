import type { EventType } from '../../common/analytics.ts'

export interface FunnelEvent {
  type: EventType
  step?: number
  /** For the booking page's events: the application it was opened for (common/analytics.ts). */
  submission_id?: string
}

type Sink = (event: FunnelEvent) => void

// Events from before the sender's chunk has loaded wait here; it is kept tiny
// because it ships in the first view, unlike the sender.
let waiting: FunnelEvent[] = []
let sink: Sink | undefined

/** Records a funnel event. Never throws, never waits: the interaction goes on at once. */
export function track(type: EventType, step?: number, submissionId?: string): void {
  const event: FunnelEvent = {
    type,
    ...(step === undefined ? {} : { step }),
    ...(submissionId === undefined ? {} : { submission_id: submissionId }),
  }
  if (sink) sink(event)
  else waiting.push(event)
}

/** Hands every event, those already recorded first, to the sender. */
export function sendEventsTo(next: Sink): void {
  sink = next
  const earlier = waiting
  waiting = []
  earlier.forEach(next)
}
