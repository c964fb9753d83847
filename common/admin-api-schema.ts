/**
 * What the lead inbox's API accepts (common/admin-api.ts has the rest of its
 * contract). The server validates every request body and query with these;
 * the inbox's page imports only their types.
 */
import { z } from 'zod'
import { FUNNEL_MAX_DAYS, LEAD_STATUSES, NOTE_MAX_LENGTH, PASSWORD_MAX_LENGTH } from './admin-api.ts'

export const leadStatusSchema = z.enum(LEAD_STATUSES, { error: `status must be one of ${LEAD_STATUSES.join(', ')}` })

/** POST /api/admin/session: sign in. `code` is a TOTP code or a backup code, for an account that has one. */
export const signInSchema = z.strictObject({
  email: z.string().trim().min(1).max(320),
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
  code: z.string().trim().max(64).optional(),
})
export type SignIn = z.infer<typeof signInSchema>

/** POST /api/admin/totp/enable: the first code from the app turns it on. */
export const totpEnableSchema = z.strictObject({ code: z.string().trim().min(1, { error: 'enter the code from the app' }).max(64) })
export type TotpEnable = z.infer<typeof totpEnableSchema>

/** POST /api/admin/totp/disable: a current code (or backup code), or the account's password. */
export const totpDisableSchema = z
  .strictObject({
    code: z.string().trim().max(64).optional(),
    password: z.string().min(1).max(PASSWORD_MAX_LENGTH).optional(),
  })
  .refine((body) => (body.code !== undefined && body.code !== '') || body.password !== undefined, {
    error: 'give a code from the app, a backup code, or the password',
  })
export type TotpDisable = z.infer<typeof totpDisableSchema>

/**
 * GET /api/admin/leads. Newest first; `cursor` is the opaque `nextCursor` of
 * the page before. Dates are ISO days (YYYY-MM-DD), both ends included, in UTC.
 * `view=spam` lists the honeypot's catch instead of leads.
 */
export const leadListQuerySchema = z
  .strictObject({
    q: z.string().trim().max(200).optional(),
    status: leadStatusSchema.optional(),
    source: z.string().trim().max(255).optional(),
    from: z.iso.date({ error: 'from must be a date (YYYY-MM-DD)' }).optional(),
    to: z.iso.date({ error: 'to must be a date (YYYY-MM-DD)' }).optional(),
    view: z.enum(['leads', 'spam']).default('leads'),
    cursor: z.string().max(200).optional(),
  })
  .refine((query) => query.from === undefined || query.to === undefined || query.from <= query.to, {
    error: 'the date range is backwards: from is after to',
  })
export type LeadListQuery = z.input<typeof leadListQuerySchema>

/** PATCH /api/admin/leads/:id: answers the LeadDetail after the change (a status the lead already has records nothing). */
export const statusChangeSchema = z.strictObject({ status: leadStatusSchema })

/** POST /api/admin/leads/:id/notes: answers 201 with the LeadNote. */
export const noteSchema = z.strictObject({ body: z.string().trim().min(1, { error: 'a note cannot be empty' }).max(NOTE_MAX_LENGTH) })

/** POST /api/admin/erasure (see ErasureResult). */
export const erasureByEmailSchema = z.strictObject({ email: z.string().trim().min(3).max(320) })

const DAY_MS = 24 * 60 * 60 * 1000
const daysBetween = (from: string, to: string) => (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS

/**
 * GET /api/admin/funnel and /api/admin/funnel.csv (see Funnel). Dates are ISO
 * days in UTC, both ends included; either may be left out (the server fills
 * in the last FUNNEL_DEFAULT_DAYS). An empty source means every source.
 */
export const funnelQuerySchema = z
  .strictObject({
    from: z.iso.date({ error: 'from must be a date (YYYY-MM-DD)' }).optional(),
    to: z.iso.date({ error: 'to must be a date (YYYY-MM-DD)' }).optional(),
    source: z.string().trim().max(255).optional(),
  })
  .refine((query) => query.from === undefined || query.to === undefined || query.from <= query.to, {
    error: 'the date range is backwards: from is after to',
  })
  .refine((query) => query.from === undefined || query.to === undefined || daysBetween(query.from, query.to) < FUNNEL_MAX_DAYS, {
    error: `the date range is too long: at most ${FUNNEL_MAX_DAYS} days`,
  })
export type FunnelQuery = z.input<typeof funnelQuerySchema>
