import { sourceLabel } from '../../../common/source-labels.ts'
import { leadPageCopy } from '../content/lead-page-copy.ts'
import { formatDay } from '../ui/format.ts'
import { touchesOf } from './touches.ts'

const copy = leadPageCopy.source

/**
 * Where a lead came from, in words: its source's name, its campaign and the
 * day of its first visit on the agency's clock, "Instagram · campaign launch · first seen 20 Nov".
 * The raw keys stay in the fold below it.
 */
export function sourceSummary(source: string | null, attribution: unknown, now = new Date()): string {
  const { first, last } = touchesOf(attribution)
  const campaign = last?.utm_campaign ?? first?.utm_campaign
  const seen = first?.captured_at ?? last?.captured_at
  const day = seen === undefined ? undefined : formatDay(seen, now)
  return [source ? sourceLabel(source) : copy.direct, campaign && copy.campaign(campaign), day && copy.firstSeen(day)]
    .filter(Boolean)
    .join(' · ')
}
