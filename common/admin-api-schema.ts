/**
 * What the lead inbox's API accepts (common/admin-api.ts has the rest of its
 * contract). The server validates every request body and query with these;
 * the inbox's page imports only their types.
 */
import { z } from 'zod'
import { BOOKING_FILTERS } from './booking-api.ts'
import { FUNNEL_MAX_DAYS } from './funnel-api.ts'
import { BULK_MAX_IDS, LEAD_SORTS } from './lead-list-api.ts'
import { NOTE_MAX_LENGTH } from './lead-page-api.ts'
import { LEAD_STATUSES } from './lead-status.ts'
import { OWNER_FILTERS, TOUCH_VIAS } from './owner-api.ts'
import { PASSWORD_MAX_LENGTH } from './session-api.ts'
import { utcDay } from './utc-day.ts'

// PostgreSQL's text refuses \u0000 outright, and no other control character
// belongs in an email, a search or a code; an unpaired surrogate is no text at all.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/
const hasControl = (text: string, allowed: string) =>
  [...text].some((char) => (char.charCodeAt(0) < 0x20 || char === '\u007f') && !allowed.includes(char))

/** One line of text: no C0 control character, no DEL, no unpaired surrogate. */
export const isPlainLine = (text: string) => !hasControl(text, '') && !LONE_SURROGATE.test(text)
/** Text of several lines: a plain line's rule, but newlines and tabs are kept. */
export const isPlainText = (text: string) => !hasControl(text, '\n\r\t') && !LONE_SURROGATE.test(text)
const PLAIN_LINE = { error: 'must hold no control characters' }
const PLAIN_TEXT = { error: 'must hold no control characters other than newlines and tabs' }
// A password is only ever hashed, so it may hold anything a keyboard types; \u0000 alone ends strings in C.
const NO_NUL = { error: 'must hold no NUL character' }
const hasNoNul = (text: string) => !text.includes('\u0000')

/** The days the inbox takes: the day after the last still has four digits, in JavaScript's ISO form as in PostgreSQL. */
export const EARLIEST_DAY = '0001-01-01'
export const LATEST_DAY = '9999-12-30'

/**
 * Whether `text` is a calendar day (YYYY-MM-DD) from EARLIEST_DAY to
 * LATEST_DAY. Checked by round trip: Date rolls 2026-02-30 over into March,
 * where PostgreSQL refuses it, so only a day that formats back unchanged is one.
 */
export function isInboxDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text) || text < EARLIEST_DAY || text > LATEST_DAY) return false
  const time = Date.parse(`${text}T00:00:00Z`)
  return !Number.isNaN(time) && utcDay(new Date(time)) === text
}

export const inboxDay = (name: string) => {
  const error = `${name} must be a date (YYYY-MM-DD) from ${EARLIEST_DAY} to ${LATEST_DAY}`
  return z.string({ error }).refine(isInboxDay, { error })
}

export const leadStatusSchema = z.enum(LEAD_STATUSES, { error: `status must be one of ${LEAD_STATUSES.join(', ')}` })

/** POST /api/admin/session: sign in. `code` is a TOTP code or a backup code, for an account that has one. */
export const signInSchema = z.strictObject({
  email: z.string().trim().min(1).max(320).refine(isPlainLine, PLAIN_LINE),
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH).refine(hasNoNul, NO_NUL),
  code: z.string().trim().max(64).refine(isPlainLine, PLAIN_LINE).optional(),
})
export type SignIn = z.infer<typeof signInSchema>

/** POST /api/admin/totp/enable: the first code from the app turns it on. */
export const totpEnableSchema = z.strictObject({
  code: z.string().trim().min(1, { error: 'enter the code from the app' }).max(64).refine(isPlainLine, PLAIN_LINE),
})
export type TotpEnable = z.infer<typeof totpEnableSchema>

/**
 * POST /api/admin/totp/disable: a current code from the app, or a backup code.
 * Not the password: whoever has a session may have watched it typed.
 */
export const totpDisableSchema = z.strictObject({
  code: z
    .string()
    .trim()
    .min(1, { error: 'enter the code from the app, or a backup code' })
    .max(64)
    .refine(isPlainLine, PLAIN_LINE),
})
export type TotpDisable = z.infer<typeof totpDisableSchema>

const leadIdSchema = z.number().int().positive().max(Number.MAX_SAFE_INTEGER)
const BULK_IDS = `ids must be 1 to ${BULK_MAX_IDS} lead ids`
/** The leads a bulk change names: 1 to BULK_MAX_IDS ids, repeats counted once. */
const leadIdsSchema = z
  .array(leadIdSchema, { error: BULK_IDS })
  .min(1, { error: BULK_IDS })
  .max(BULK_MAX_IDS, { error: BULK_IDS })
  .transform((ids) => [...new Set(ids)])
/** The same ids in a query string: comma-separated. */
const leadIdListSchema = z
  .string()
  .regex(/^[1-9]\d{0,15}(,[1-9]\d{0,15})*$/, { error: BULK_IDS })
  .transform((text) => text.split(',').map(Number))
  .pipe(leadIdsSchema)

/**
 * GET /api/admin/leads. In the order of `sort` (common/lead-list-api.ts),
 * newest first by default; `cursor` is the opaque `nextCursor` of the page
 * before. Dates are ISO days (YYYY-MM-DD), both ends included, in UTC.
 * `view=spam` lists the honeypot's catch instead of leads. `ids` (comma-
 * separated, at most BULK_MAX_IDS) keeps only those leads: the export of a selection.
 */
export const leadListQuerySchema = z
  .strictObject({
    q: z.string().trim().max(200).refine(isPlainLine, PLAIN_LINE).optional(),
    status: leadStatusSchema.optional(),
    source: z.string().trim().max(255).refine(isPlainLine, PLAIN_LINE).optional(),
    from: inboxDay('from').optional(),
    to: inboxDay('to').optional(),
    view: z.enum(['leads', 'spam']).default('leads'),
    booking: z.enum(BOOKING_FILTERS).optional(),
    owner: z.enum(OWNER_FILTERS, { error: `owner must be one of ${OWNER_FILTERS.join(', ')}` }).optional(),
    sort: z.enum(LEAD_SORTS, { error: `sort must be one of ${LEAD_SORTS.join(', ')}` }).default('received'),
    ids: leadIdListSchema.optional(),
    // A name sort's cursor holds a name (up to 200 characters, each up to 4 bytes in UTF-8), in base64.
    cursor: z.string().max(1200).refine(isPlainLine, PLAIN_LINE).optional(),
  })
  .refine((query) => query.from === undefined || query.to === undefined || query.from <= query.to, {
    error: 'the date range is backwards: from is after to',
  })
export type LeadListQuery = z.input<typeof leadListQuerySchema>

/** PATCH /api/admin/leads/:id: answers the LeadDetail after the change (a status the lead already has records nothing). */
export const statusChangeSchema = z.strictObject({ status: leadStatusSchema })

/** POST /api/admin/leads/bulk-status (see BulkStatusResult). */
export const bulkStatusSchema = z.strictObject({ ids: leadIdsSchema, status: leadStatusSchema })

/** An account id for a lead's owner, or null for nobody (common/owner-api.ts). */
const ownerIdSchema = z
  .number({ error: 'owner must be a teammate’s id, or null' })
  .int({ error: 'owner must be a teammate’s id, or null' })
  .positive({ error: 'owner must be a teammate’s id, or null' })
  .max(Number.MAX_SAFE_INTEGER, { error: 'owner must be a teammate’s id, or null' })
  .nullable()

/** PUT /api/admin/leads/:id/owner. */
export const ownerChangeSchema = z.strictObject({ owner: ownerIdSchema })

/** POST /api/admin/leads/bulk-owner (see BulkOwnerResult). */
export const bulkOwnerSchema = z.strictObject({ ids: leadIdsSchema, owner: ownerIdSchema })

/** POST /api/admin/leads/:id/touched: the contact link tapped. */
export const touchSchema = z.strictObject({ via: z.enum(TOUCH_VIAS) })

/** PUT /api/admin/teammates/:id/new-leads. */
export const newLeadsTakerSchema = z.strictObject({ takesNewLeads: z.boolean() })

/** POST /api/admin/leads/bulk-erase (see ErasureResult) and /leads/bulk-not-spam (see BulkNotSpamResult). */
export const bulkEraseSchema = z.strictObject({ ids: leadIdsSchema })

/** POST /api/admin/leads/:id/notes: answers 201 with the LeadNote. */
export const noteSchema = z.strictObject({
  body: z
    .string()
    .trim()
    .min(1, { error: 'a note cannot be empty' })
    .max(NOTE_MAX_LENGTH)
    .refine(isPlainText, PLAIN_TEXT),
})

/** POST /api/admin/erasure (see ErasureResult). */
export const erasureByEmailSchema = z.strictObject({
  email: z.string().trim().min(3).max(320).refine(isPlainLine, PLAIN_LINE),
})

const DAY_MS = 24 * 60 * 60 * 1000
export const daysBetween = (from: string, to: string) =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS

/**
 * GET /api/admin/funnel and /api/admin/funnel.csv (see Funnel). Dates are ISO
 * days in UTC, both ends included; either may be left out (the server fills
 * in the last FUNNEL_DEFAULT_DAYS). An empty source means every source.
 */
export const funnelQuerySchema = z
  .strictObject({
    from: inboxDay('from').optional(),
    to: inboxDay('to').optional(),
    source: z.string().trim().max(255).refine(isPlainLine, PLAIN_LINE).optional(),
  })
  .refine((query) => query.from === undefined || query.to === undefined || query.from <= query.to, {
    error: 'the date range is backwards: from is after to',
  })
  .refine(
    (query) =>
      query.from === undefined || query.to === undefined || daysBetween(query.from, query.to) < FUNNEL_MAX_DAYS,
    {
      error: `the date range is too long: at most ${FUNNEL_MAX_DAYS} days`,
    },
  )
export type FunnelQuery = z.input<typeof funnelQuerySchema>

/** POST /api/admin/bookings/:id/link: the lead an unmatched booking belongs to (answers the LeadDetail). */
export const bookingLinkSchema = z.strictObject({ leadId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER) })
