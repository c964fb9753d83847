import {
  CONTACT_FIELDS,
  CONTACT_SUBMISSIONS_PATH,
  type ContactSubmission,
} from '../../../../common/contact-submission.ts'
import { publicConfig } from '../../../config/public-config.ts'

/** How long to wait for the API before telling the visitor it failed. */
const REQUEST_TIMEOUT_MS = 15_000

export class SubmissionError extends Error {
  readonly status: number | undefined
  readonly body: unknown

  constructor(message: string, status?: number, body?: unknown) {
    super(message)
    this.name = 'SubmissionError'
    this.status = status
    this.body = body
  }
}

/**
 * Stores one application. The request is exactly what
 * `supabase.from('contact_submissions').insert([answers])` sends, so the page
 * can post to this server or to a Supabase project unchanged.
 */
export async function submitApplication(answers: ContactSubmission): Promise<void> {
  const columns = CONTACT_FIELDS.map((field) => `"${field}"`).join(',')
  const url = `${publicConfig.apiUrl}${CONTACT_SUBMISSIONS_PATH}?${new URLSearchParams({ columns })}`

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
      body: JSON.stringify([answers]),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    })
  } catch (cause) {
    throw new SubmissionError(`The application could not be sent: ${String(cause)}`)
  }

  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null)
    throw new SubmissionError(`The server refused the application (HTTP ${response.status})`, response.status, body)
  }
}
