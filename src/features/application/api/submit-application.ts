import { ADS_CONSENT_FIELD } from '../../../../common/ads-consent.ts'
import { cleanAttribution } from '../../../../common/attribution-schema.ts'
import { ATTRIBUTION_FIELD, type Attribution } from '../../../../common/attribution.ts'
import { CONTACT_SUBMISSIONS_PATH, HONEYPOT_FIELD, SUBMISSION_ID_FIELD } from '../../../../common/contact-submission.ts'
import { publicConfig } from '../../../config/public-config.ts'
import { submissionTiming } from '../../../content/submission-timing.ts'
import { pageAttribution } from '../../../features-shared/attribution-store.ts'

export class SubmissionError extends Error {
  readonly status: number | undefined
  readonly body: unknown
  /** How many requests were made before giving up. */
  attempts = 1

  constructor(message: string, status?: number, body?: unknown) {
    super(message)
    this.name = 'SubmissionError'
    this.status = status
    this.body = body
  }
}

export interface Application {
  /** One answer per question, in the form's order. */
  answers: Readonly<Record<string, string>>
  /** Names this application on every attempt, so the server stores it at most once. */
  submissionId: string
  /** What the honeypot field holds: empty unless a bot filled it. */
  honeypot: string
  /** Where the visitor came from; what this page recorded (attribution-store.ts) unless given. */
  attribution?: Attribution | null
  /** The ad platforms' consent box ticked. Unticked, the row names no such field: the insert is as it was. */
  adsConsent?: boolean
}

/** PostgreSQL's unique_violation: the server already holds this submission_id. */
const DUPLICATE = '23505'

type Outcome =
  | { kind: 'stored' }
  | { kind: 'retry'; error: SubmissionError; retryAfterMs: number | undefined }
  | { kind: 'refused'; error: SubmissionError }

/**
 * Stores one application. Each request is what
 * `supabase.from('contact_submissions').insert([row])` sends, so the page can
 * post to this server or to a Supabase project unchanged.
 *
 * A request that got no answer, or a 502, 503 or 504, is sent again after a pause (see
 * content/submission-timing.ts). That is safe because every attempt carries
 * the same submission_id: if an earlier one was stored and only its answer got
 * lost, the repeat is refused as a duplicate (409, code 23505), which means the
 * application is in. Other refusals (400, 401, 413, 429) would only repeat
 * themselves, so they fail at once.
 */
export async function submitApplication(application: Application): Promise<void> {
  const row = toRow(application)
  // Every key of the row, in order, as supabase-js lists them for an array insert.
  const columns = Object.keys(row)
    .map((column) => `"${column}"`)
    .join(',')
  const url = `${publicConfig.apiUrl}${CONTACT_SUBMISSIONS_PATH}?${new URLSearchParams({ columns })}`
  const body = JSON.stringify([row])
  const { retryDelaysMs, maxRetryAfterMs } = submissionTiming

  for (let attempt = 1; ; attempt += 1) {
    const outcome = await send(url, body)
    if (outcome.kind === 'stored') return
    const backoff = retryDelaysMs[attempt - 1]
    if (outcome.kind === 'refused' || backoff === undefined) {
      outcome.error.attempts = attempt
      throw outcome.error
    }
    // The server's Retry-After is honoured up to a cap, and never makes the pause shorter than ours.
    await sleep(Math.max(backoff, Math.min(outcome.retryAfterMs ?? 0, maxRetryAfterMs)))
  }
}

function toRow({
  answers,
  submissionId,
  honeypot,
  attribution = pageAttribution(),
  adsConsent = false,
}: Application): Record<string, unknown> {
  return {
    ...answers,
    [SUBMISSION_ID_FIELD]: submissionId,
    [HONEYPOT_FIELD]: honeypot,
    // Cleaned as the server cleans it, so a page posting straight to Supabase
    // stores nothing our server would have dropped. Always named, null or not:
    // the insert's columns stay the same for every application.
    [ATTRIBUTION_FIELD]: cleanAttribution(attribution),
    // Only to a server that asked for it (a page posting to Supabase never shows the box).
    ...(adsConsent ? { [ADS_CONSENT_FIELD]: true } : {}),
  }
}

async function send(url: string, body: string): Promise<Outcome> {
  // A timer of our own rather than AbortSignal.timeout: fake clocks in tests can drive it.
  const controller = new AbortController()
  const timer = setTimeout(
    () => controller.abort(new DOMException('The server took too long to answer.', 'TimeoutError')),
    submissionTiming.attemptTimeoutMs,
  )
  try {
    let response: Response
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: {
          apikey: publicConfig.apiAnonKey,
          Authorization: `Bearer ${publicConfig.apiAnonKey}`,
          'Content-Type': 'application/json',
          Prefer: 'return=minimal',
        },
        body,
        signal: controller.signal,
      })
    } catch (cause) {
      const error = new SubmissionError(`The application could not be sent: ${String(cause)}`)
      return { kind: 'retry', error, retryAfterMs: undefined }
    }
    if (response.ok) return { kind: 'stored' }

    const answer: unknown = await response.json().catch(() => null)
    if (response.status === 409 && errorCode(answer) === DUPLICATE) return { kind: 'stored' }
    const error = new SubmissionError(
      `The server refused the application (HTTP ${response.status})`,
      response.status,
      answer,
    )
    if (RETRIED_STATUSES.has(response.status)) {
      return { kind: 'retry', error, retryAfterMs: parseRetryAfter(response.headers.get('Retry-After')) }
    }
    return { kind: 'refused', error }
  } finally {
    clearTimeout(timer)
  }
}

// 503: the server cannot reach its database for now. 502 and 504: a proxy in front of
// it could not reach it, or stopped waiting (during a deploy, say); the server may
// even have stored the application, which the repeat's 409 then tells.
const RETRIED_STATUSES = new Set([502, 503, 504])

function errorCode(answer: unknown): unknown {
  return typeof answer === 'object' && answer !== null && 'code' in answer ? answer.code : undefined
}

// RFC 9110's preferred date form; Date.parse alone would take almost anything ('-1' is a year).
const HTTP_DATE = /^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/

/** Retry-After in milliseconds: delay-seconds or an HTTP date (RFC 9110, 10.2.3). */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  const trimmed = value?.trim()
  if (!trimmed) return undefined
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000
  const at = HTTP_DATE.test(trimmed) ? Date.parse(trimmed) : Number.NaN
  return Number.isNaN(at) ? undefined : Math.max(0, at - now)
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))
