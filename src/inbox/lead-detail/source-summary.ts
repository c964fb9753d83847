import { sourceLabel } from '../../../common/source-labels.ts'
import { leadPageCopy } from '../content/lead-page-copy.ts'
import { touchesOf } from './touches.ts'

const copy = leadPageCopy.source

const shortDay = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short' })
const longDay = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', year: 'numeric' })

/** A day as people say it: "20 Nov", with the year only when it is not this one. */
export function spokenDay(iso: string, now = new Date()): string | undefined {
  const day = new Date(iso)
  if (Number.isNaN(day.getTime())) return undefined
  return (day.getFullYear() === now.getFullYear() ? shortDay : longDay).format(day)
}

/**
 * Where a lead came from, in words: its source's name, its campaign and the
 * day of its first visit, "Instagram · campaign launch · first seen 20 Nov".
 * The raw keys stay in the fold below it.
 */
export function sourceSummary(source: string | null, attribution: unknown, now = new Date()): string {
  const { first, last } = touchesOf(attribution)
  const campaign = last?.utm_campaign ?? first?.utm_campaign
  const seen = first?.captured_at ?? last?.captured_at
  const day = seen === undefined ? undefined : spokenDay(seen, now)
  return [source ? sourceLabel(source) : copy.direct, campaign && copy.campaign(campaign), day && copy.firstSeen(day)]
    .filter(Boolean)
    .join(' · ')
}
