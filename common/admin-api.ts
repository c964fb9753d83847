/**
 * The lead inbox's API under /api/admin, written once: its paths, constants
 * and answers; what the server validates requests with is in
 * admin-api-schema.ts. Kept free of zod, so the inbox's page does not ship it. Every route
 * needs a session (401 without one); every change also needs the session's
 * CSRF token in the `x-csrf-token` header (403 without it).
 */
import type { applicationForm, FieldKey } from './application-form.ts'
import type { DeliveryEvent, LeadBooking, LeadBookingSummary } from './booking-api.ts'
import type { FunnelSource, FunnelTotals } from './funnel-report.ts'

export type { FunnelSource, FunnelTotals } from './funnel-report.ts'

export const ADMIN_API_PATH = '/api/admin'
export const ADMIN_PAGE_PATH = '/admin'
export const CSRF_HEADER = 'x-csrf-token'

/** The pipeline, in its order. */
export const LEAD_STATUSES = ['new', 'contacted', 'booked', 'won', 'lost'] as const
export type LeadStatus = (typeof LEAD_STATUSES)[number]

/** A password an account may have. */
export const PASSWORD_MIN_LENGTH = 12
export const PASSWORD_MAX_LENGTH = 1024

// ---- Sessions -------------------------------------------------------------

/**
 * The answer to a sign-in that needs a second factor and had none (or a wrong
 * one), 401 like a wrong password: `{ error: 'totp_required' }`.
 */
export const TOTP_REQUIRED = 'totp_required'

/** GET /api/admin/session (and the answer to a sign-in): who is signed in, and the token for changes. */
export interface AdminSession {
  email: string
  csrfToken: string
  totpEnabled: boolean
}

/**
 * GET /api/admin/setup: what the sign-in page needs to know before anyone
 * signs in. `secureTransport` is false when the request came over plain HTTP
 * from a host other than this machine (localhost, 127.0.0.1, [::1]): the
 * browser would drop the Secure session cookie, so signing in cannot work until
 * the inbox is reached over HTTPS, directly or through a proxy that
 * TRUST_PROXY names. A sign-in over such a connection is refused with 403
 * `{ error: 'insecure_transport' }`.
 */
export interface AdminSetup {
  secureTransport: boolean
}
export const INSECURE_TRANSPORT = 'insecure_transport'

// ---- Two-factor sign-in (TOTP) ---------------------------------------------

/**
 * POST /api/admin/totp/setup (no body): a new key for the account, not yet in
 * use. `secret` is the key in base32 for typing in by hand, `qrSvg` the same
 * otpauth:// URL as an SVG QR code, made on the server. 409 when two-factor
 * sign-in is already on.
 */
export interface TotpSetup {
  secret: string
  otpauthUrl: string
  qrSvg: string
}

/** The answer to enabling: the backup codes, shown once; each signs in once in place of a TOTP code. */
export const BACKUP_CODE_COUNT = 10
export interface TotpEnabled {
  backupCodes: string[]
}

// ---- Leads ----------------------------------------------------------------

export const LEAD_PAGE_SIZE = 50

export type LeadAnswers = Record<FieldKey<typeof applicationForm>, string>

/** A lead as the list shows it. `source`: last-touch utm_source, else the referrer's host, else null. */
export interface LeadSummary {
  id: number
  receivedAt: string
  answers: LeadAnswers
  source: string | null
  status: LeadStatus
  /** The lead's call (LeadBookingSummary), or null when it has no booking. */
  booking: LeadBookingSummary | null
  /** Not opened yet by the signed-in account (common/live-api.ts). */
  isNew: boolean
}

export interface LeadPage {
  leads: LeadSummary[]
  /** Absent on the last page. */
  nextCursor?: string
}

export interface LeadNote {
  id: number
  body: string
  author: string
  at: string
}

export interface LeadStatusChange {
  from: LeadStatus | null
  to: LeadStatus
  author: string
  at: string
}

export interface DeliveryAttempt {
  startedAt: string
  durationMs: number
  status: number | null
  error: string | null
}

export interface LeadDelivery {
  id: number
  /** What it announces. */
  event: DeliveryEvent
  /** What may be shown of the channel (never a secret). */
  channel: string
  state: 'pending' | 'delivered' | 'failed'
  /** When it was queued (its first time; a resend keeps it). */
  queuedAt: string
  attempts: DeliveryAttempt[]
}

/** GET /api/admin/leads/:id */
export interface LeadDetail extends LeadSummary {
  submissionId: string
  spam: boolean
  /** The attribution column as stored: { first?, last? } touches, or null. */
  attribution: unknown
  /** When the booking page was opened, once that is recorded; null until then. */
  bookingOpenedAt: string | null
  /** Its bookings, by the order they were made. */
  bookings: LeadBooking[]
  deliveries: LeadDelivery[]
  history: LeadStatusChange[]
  notes: LeadNote[]
}

/** POST /api/admin/leads/:id/not-spam: a spam entry becomes a lead, announced as new; its LeadDetail, 409 when not spam. */

/** POST /api/admin/leads/:id/notes: answers 201 with the LeadNote. */
export const NOTE_MAX_LENGTH = 5000

/**
 * GET /api/admin/leads/export?format=csv|json plus the list's filters: every
 * lead of the filter, not one page, newest first, as an attachment
 * (leads-YYYY-MM-DD.csv, or spam-… for view=spam). The columns are those of
 * `npm run export`, then status and source.
 */
export const EXPORT_FORMATS = ['csv', 'json'] as const

/**
 * POST /api/admin/erasure: every lead with this email, in any case, spam
 * included (after a confirmation in the inbox). DELETE /api/admin/leads/:id
 * erases one (404 when unknown). Both answer ErasureResult and leave an
 * admin_audit entry that records how many, never the erased data.
 */
export interface ErasureResult {
  erased: number
}

/**
 * POST /api/admin/deliveries/:id/resend: due again now (a failed one becomes
 * pending, with a fresh round of retries; its attempts stay on record). 204, or
 * 404 for an unknown delivery.
 */

// ---- Funnel ---------------------------------------------------------------

/** The Funnel screen's range when none is given: this many days, today (UTC) included. */
export const FUNNEL_DEFAULT_DAYS = 30
/** The longest range one request may cover, so a typo in a year cannot ask for centuries of days. */
export const FUNNEL_MAX_DAYS = 3 * 366

/**
 * One gate of the funnel: how many visitors reached it (distinct visitors,
 * counted per day: the visitor hash changes daily, so a visitor who comes
 * back on another day counts on each), and how many of the gate before did
 * not. `dropOffRate` is that loss as a share (0–1) of the gate before; null
 * for the first gate, or when the gate before had nobody.
 */
export interface FunnelStage {
  /** See FUNNEL_STAGES (common/funnel.ts): 'visitors', …, 'step-3', …, 'booking_opened'. */
  id: string
  visitors: number
  dropOff: number | null
  dropOffRate: number | null
}

/** One day of the daily line: visitors, applications (submit_succeeded) and applications per visitor. */
export interface FunnelDay {
  day: string
  visitors: number
  applications: number
  /** applications / visitors (0–1); null on a day without visitors. */
  conversionRate: number | null
}

/**
 * GET /api/admin/funnel?from=YYYY-MM-DD&to=YYYY-MM-DD&source=…: the funnel of
 * the range (both ends included, UTC days; the last FUNNEL_DEFAULT_DAYS when
 * not given) and, when given, one source (last-touch utm_source or referrer
 * host; `(direct)` for visits with none). 400 for a bad date (every date
 * of the inbox is a calendar day from 0001-01-01 to 9999-12-30), a backwards
 * range or one longer than FUNNEL_MAX_DAYS. GET /api/admin/funnel.csv with
 * the same query: the gates as a CSV attachment (the columns of FUNNEL_CSV_COLUMNS), then the
 * sources and the days (common/funnel-report.ts), each after a blank line and its own header.
 */
export interface Funnel {
  from: string
  to: string
  source: string | null
  /** In the funnel's order, every gate of FUNNEL_STAGES. */
  stages: FunnelStage[]
  /** Every day of the range, oldest first, days without events included. */
  days: FunnelDay[]
  /** The sources seen in the range, most visitors first, for the screen's choice. */
  sources: string[]
  /** Per source (the whole range, every source whatever `source` asks), capped as FUNNEL_SOURCE_ROWS (funnel-report.ts) says. */
  bySource: FunnelSource[]
  /** The range's headline figures for `source`, and those of as many days just before it (null before 0001-01-01). */
  totals: FunnelTotals
  previous: FunnelTotals | null
}

/** The value of `source` that asks for visits without one. */
export const DIRECT_SOURCE = '(direct)'

export const FUNNEL_CSV_COLUMNS = ['stage', 'visitors', 'drop_off', 'drop_off_percent'] as const
