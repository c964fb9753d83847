/** What the spend routes accept (common/spend-api.ts has their contract). */
import { z } from 'zod'
import { inboxDay, isInboxDay, isPlainLine } from './admin-api-schema.ts'
import { isCurrencyCode } from './lead-outcome-schema.ts'
import { AMOUNT_PATTERN } from './money.ts'
import {
  SPEND_CAMPAIGN_MAX_LENGTH,
  SPEND_IMPORT_MAX_BYTES,
  SPEND_PERIODS,
  SPEND_SOURCE_MAX_LENGTH,
} from './spend-api.ts'

const PLAIN_LINE = { error: 'must hold no control characters' }

/** A source word as the funnel says it: trimmed and lower-cased. */
export const spendSourceSchema = z
  .string({ error: 'source is needed' })
  .trim()
  .toLowerCase()
  .min(1, { error: 'source is needed' })
  .max(SPEND_SOURCE_MAX_LENGTH, { error: `source must be at most ${SPEND_SOURCE_MAX_LENGTH} characters` })
  .refine(isPlainLine, PLAIN_LINE)

export const spendCampaignSchema = z
  .string()
  .trim()
  .max(SPEND_CAMPAIGN_MAX_LENGTH, { error: `campaign must be at most ${SPEND_CAMPAIGN_MAX_LENGTH} characters` })
  .refine(isPlainLine, PLAIN_LINE)

export const spendAmountSchema = z
  .string({ error: 'amount is needed' })
  .trim()
  .regex(AMOUNT_PATTERN, { error: 'amount must be a number such as 1250 or 1250.00, with no sign or separators' })

export const spendCurrencySchema = z
  .string()
  .trim()
  .toUpperCase()
  .refine(isCurrencyCode, { error: 'currency must be an ISO 4217 code such as USD or EUR' })

/** A day (YYYY-MM-DD), or for a month YYYY-MM: the month's first day either way once read. */
export const spendDay = (text: string, per: 'day' | 'month'): string | undefined => {
  const day = per === 'month' && /^\d{4}-\d{2}$/.test(text) ? `${text}-01` : text
  if (!isInboxDay(day)) return undefined
  return per === 'month' ? `${day.slice(0, 7)}-01` : day
}

/** POST /api/admin/spend (SpendInput). */
export const spendInputSchema = z
  .strictObject({
    per: z.enum(SPEND_PERIODS, { error: `per must be one of ${SPEND_PERIODS.join(', ')}` }),
    day: z.string({ error: 'day is needed' }).trim(),
    source: spendSourceSchema,
    campaign: spendCampaignSchema.default(''),
    amount: spendAmountSchema,
    currency: spendCurrencySchema.optional(),
  })
  .transform((input, context) => {
    const day = spendDay(input.day, input.per)
    if (day !== undefined) return { ...input, day }
    const shape = input.per === 'month' ? 'a month (YYYY-MM)' : 'a date (YYYY-MM-DD)'
    context.addIssue({ code: 'custom', path: ['day'], message: `day must be ${shape}`, input: input.day })
    return z.NEVER
  })
export type SpendBody = z.output<typeof spendInputSchema>

/** GET /api/admin/spend?from&to: both optional (the server fills in the last FUNNEL_DEFAULT_DAYS). */
export const spendListQuerySchema = z
  .strictObject({ from: inboxDay('from').optional(), to: inboxDay('to').optional() })
  .refine((query) => query.from === undefined || query.to === undefined || query.from <= query.to, {
    error: 'the date range is backwards: from is after to',
  })

/** POST /api/admin/spend/import (SpendImportInput); the rows are read by the server, line by line. */
export const spendImportSchema = z.strictObject({
  csv: z
    .string({ error: 'csv is needed' })
    .max(SPEND_IMPORT_MAX_BYTES, { error: `the file is too large: at most ${SPEND_IMPORT_MAX_BYTES} characters` }),
})

/** DELETE /api/admin/spend/:id. */
export const spendIdParamsSchema = z.strictObject({
  id: z.coerce.number({ error: 'id must be a spend id' }).int().positive().max(Number.MAX_SAFE_INTEGER),
})
