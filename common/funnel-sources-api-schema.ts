/** What GET /api/admin/funnel/sources accepts (common/funnel-sources-api.ts has its contract). */
import { z } from 'zod'
import { daysBetween, inboxDay, isPlainLine } from './admin-api-schema.ts'
import { FUNNEL_MAX_DAYS } from './funnel-api.ts'
import { DEFAULT_FUNNEL_TOUCH, FUNNEL_TOUCHES } from './funnel-sources-api.ts'

const PLAIN_LINE = { error: 'must hold no control characters' }
// Matched exactly against the source, campaign or ad a row names (the page keeps utm values as they came, so
// "utm_campaign=spring+" is "spring "): trimmed, it would no longer match.
const name = () => z.string().max(255).refine(isPlainLine, PLAIN_LINE)

export const funnelSourcesQuerySchema = z
  .strictObject({
    from: inboxDay('from').optional(),
    to: inboxDay('to').optional(),
    touch: z
      .enum(FUNNEL_TOUCHES, { error: `touch must be one of ${FUNNEL_TOUCHES.join(', ')}` })
      .default(DEFAULT_FUNNEL_TOUCH),
    source: name().optional(),
    paid: z.enum(['true', 'false'], { error: 'paid must be true or false' }).optional(),
    campaign: name().optional(),
  })
  .refine((query) => query.from === undefined || query.to === undefined || query.from <= query.to, {
    error: 'the date range is backwards: from is after to',
  })
  .refine(
    (query) =>
      query.from === undefined || query.to === undefined || daysBetween(query.from, query.to) < FUNNEL_MAX_DAYS,
    { error: `the date range is too long: at most ${FUNNEL_MAX_DAYS} days` },
  )
  .refine((query) => !query.source || query.paid !== undefined, {
    error: 'a source needs paid=true or paid=false',
    path: ['paid'],
  })
  .refine((query) => !query.campaign || query.source, { error: 'a campaign needs its source', path: ['source'] })
export type FunnelSourcesQueryInput = z.input<typeof funnelSourcesQuerySchema>
