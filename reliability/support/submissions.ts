import { randomUUID } from 'node:crypto'
import { CONTACT_FIELDS, type ApplicationAnswers } from '../../common/application-form.ts'
import { CONTACT_SUBMISSIONS_PATH } from '../../common/contact-submission.ts'
import { validAnswers } from '../../common/testing/valid-answers.ts'
import { send, type SendOptions } from './http-client.ts'
import { SERVICE_ROLE_KEY } from './server-process.ts'

export type Application = ApplicationAnswers & { submission_id: string }

/** A distinct, valid application; `n` shows up in every answer so rows can be matched to requests. */
export function makeApplication(n: number, run = randomUUID().slice(0, 8)): Application {
  return { ...validAnswers({}, { tag: `${run}-${n} ✓` }), submission_id: randomUUID() }
}

export const SUBMIT_HEADERS = {
  'content-type': 'application/json',
  apikey: 'public-anon-key',
  authorization: 'Bearer public-anon-key',
  prefer: 'return=minimal',
}

export function submit(baseUrl: string, application: Application, agent: SendOptions['agent']) {
  return send(baseUrl, {
    path: CONTACT_SUBMISSIONS_PATH,
    headers: SUBMIT_HEADERS,
    body: JSON.stringify([application]),
    agent,
  })
}

export type StoredRow = Application & { id: number; created_at: string }

/** Every stored application, read the way an operator would: with the service-role key. */
export async function readAllRows(baseUrl: string): Promise<StoredRow[]> {
  const rows: StoredRow[] = []
  // The server answers at most 1,000 rows a read.
  const pageSize = 1000
  for (let offset = 0; ; offset += pageSize) {
    const response = await fetch(
      `${baseUrl}${CONTACT_SUBMISSIONS_PATH}?select=*&order=id.asc&limit=${pageSize}&offset=${offset}`,
      {
        headers: { apikey: SERVICE_ROLE_KEY },
        signal: AbortSignal.timeout(30_000),
      },
    )
    if (!response.ok) throw new Error(`Reading rows failed: HTTP ${response.status} ${await response.text()}`)
    const page = (await response.json()) as StoredRow[]
    rows.push(...page)
    if (page.length < pageSize) return rows
  }
}

/** What was sent and is not stored exactly as sent: lost or altered applications. */
export function missingFrom(rows: readonly StoredRow[], sent: readonly Application[]): Application[] {
  const stored = new Map(rows.map((row) => [row.submission_id, row]))
  return sent.filter((application) => {
    const row = stored.get(application.submission_id)
    return !row || !sameApplication(row, application)
  })
}

/** True when the stored row holds exactly what was sent. */
export function sameApplication(row: StoredRow, sent: Application) {
  return row.submission_id === sent.submission_id && CONTACT_FIELDS.every((field) => row[field] === sent[field])
}
