/**
 * The outcome of a lead's call, as the inbox's API says it (ADR 040). Free of
 * zod, like admin-api.ts; lead-outcome-schema.ts validates the request.
 */
import type { LeadStatus } from './lead-status.ts'

/** What a person enters after a call. */
export const LEAD_OUTCOMES = ['showed', 'no_show', 'won', 'lost'] as const
export type LeadOutcomeKind = (typeof LEAD_OUTCOMES)[number]

/** The status each outcome moves the lead to: a no-show is one to chase. */
export const OUTCOME_STATUS = {
  showed: 'showed',
  no_show: 'to_chase',
  won: 'won',
  lost: 'lost',
} as const satisfies Record<LeadOutcomeKind, LeadStatus>

/** The status change's reason a no-show records, whether the provider or a person said it. */
export const NO_SHOW_REASON = 'No-show'
/** The reason of a cancel whose provider gave none. */
export const CANCELLED_REASON = 'Cancelled'

export const LOST_NOTE_MAX_LENGTH = 1000
export const LOST_REASON_MAX_LENGTH = 100

/** One outcome entered, as the lead's page shows it; the latest is the lead's outcome. */
export interface LeadOutcome {
  id: number
  outcome: LeadOutcomeKind
  /** A won deal's amount as a decimal, exactly as stored ("12500.00"); null otherwise. */
  amount: string | null
  /** ISO 4217 code, with the amount. */
  currency: string | null
  lostReason: string | null
  note: string | null
  author: string
  at: string
}

/** GET /api/admin/outcome-settings: OutcomeSettings. */
export const OUTCOME_SETTINGS_PATH = '/outcome-settings'

/** What the outcome form offers: the currency a won amount defaults to (CURRENCY) and the lost reasons (LOST_REASONS). */
export interface OutcomeSettings {
  currency: string
  lostReasons: string[]
}

/**
 * POST /api/admin/leads/:id/outcome (body: OutcomeInput): records the outcome,
 * moves the lead's status (OUTCOME_STATUS), and answers 201 with the LeadOutcome.
 * 404 for an unknown lead, 400 for a lost reason not in LOST_REASONS or an
 * amount the currency cannot hold.
 */
export interface OutcomeInput {
  outcome: LeadOutcomeKind
  /** For won: a decimal with at most the currency's minor digits, such as "12500" or "12500.50". */
  amount?: string
  /** For won: ISO 4217; CURRENCY when left out. */
  currency?: string
  /** For lost: one of LOST_REASONS. */
  lostReason?: string
  /** For lost: optional words. */
  note?: string
}

/** The default of LOST_REASONS. */
export const DEFAULT_LOST_REASONS = ['Price', 'Timing', 'Chose another agency', 'Not a fit', 'No response'] as const

/** Minor digits of an ISO 4217 currency (2 for USD, 0 for JPY, 3 for KWD), as Intl knows them. */
export const currencyDigits = (currency: string) =>
  new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2
