/** What POST /api/admin/leads/:id/outcome accepts (common/lead-outcome-api.ts has its contract). */
import { z } from 'zod'
import { isPlainLine, isPlainText } from './admin-api-schema.ts'
import { LOST_NOTE_MAX_LENGTH, LOST_REASON_MAX_LENGTH } from './lead-outcome-api.ts'
import { AMOUNT_PATTERN } from './money.ts'

/** An ISO 4217 code this runtime knows (Intl), in capitals. */
export const isCurrencyCode = (code: string) =>
  /^[A-Z]{3}$/.test(code) && Intl.supportedValuesOf('currency').includes(code)

const PLAIN_LINE = { error: 'must hold no control characters' }

export const outcomeInputSchema = z.discriminatedUnion(
  'outcome',
  [
    z.strictObject({ outcome: z.literal('showed') }),
    z.strictObject({ outcome: z.literal('no_show') }),
    z.strictObject({
      outcome: z.literal('won'),
      amount: z.string({ error: 'amount is needed for a won deal' }).trim().regex(AMOUNT_PATTERN, {
        error: 'amount must be a number such as 12500 or 12500.50, with no sign or thousands separators',
      }),
      currency: z
        .string()
        .trim()
        .toUpperCase()
        .refine(isCurrencyCode, { error: 'currency must be an ISO 4217 code such as USD or EUR' })
        .optional(),
    }),
    z.strictObject({
      outcome: z.literal('lost'),
      lostReason: z
        .string({ error: 'lostReason is needed for a lost deal' })
        .trim()
        .min(1, { error: 'choose a reason' })
        .max(LOST_REASON_MAX_LENGTH)
        .refine(isPlainLine, PLAIN_LINE),
      note: z
        .string()
        .trim()
        .max(LOST_NOTE_MAX_LENGTH)
        .refine(isPlainText, { error: 'must hold no control characters other than newlines and tabs' })
        .optional(),
    }),
  ],
  { error: 'outcome must be one of showed, no_show, won, lost' },
)
export type OutcomeBody = z.infer<typeof outcomeInputSchema>
