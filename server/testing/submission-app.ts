import type { FastifyInstance } from 'fastify'
import { applicationForm } from '../../common/application-form.ts'
import { CONTACT_SUBMISSIONS_PATH } from '../../common/contact-submission.ts'
import { buildApp } from '../app.ts'
import { parseConfig } from '../config.ts'
import { openTempDatabase, type TempDatabase } from './temp-database.ts'

export const SERVICE_ROLE_KEY = 'service-role-key-for-tests-0123456789'
// The long answer: the question with the most room.
export const LONG = applicationForm.find((field) => field.kind === 'long-text')?.key ?? 'name'
export const ANON_KEY = 'public-anon-key'
// What supabase-js sends with `from('contact_submissions').insert([answers])`.
export const CLIENT_HEADERS = {
  apikey: ANON_KEY,
  authorization: `Bearer ${ANON_KEY}`,
  'content-type': 'application/json',
  'content-profile': 'public',
  'x-client-info': 'supabase-js-web/2.0.0',
}
export const SERVICE = { apikey: SERVICE_ROLE_KEY }

// supabase-js lists the keys of the rows it inserts in `columns`.
export const columnsOf = (body: unknown) => {
  if (!Array.isArray(body)) return ''
  const keys = [...new Set(body.flatMap((row: object) => Object.keys(row)))]
  return keys.length > 0 ? `?columns=${encodeURIComponent(keys.map((key) => `"${key}"`).join(','))}` : ''
}

export interface SubmissionApp {
  temp: TempDatabase
  app: FastifyInstance
}

/** A fresh database and the app on it, ready, with the service-role key set and no rate limit. */
export async function openSubmissionApp(): Promise<SubmissionApp> {
  const temp = await openTempDatabase()
  // The rate limit has its own tests (http/rate-limit.test.ts); here it would get in the way.
  const app = buildApp({ config: parseConfig({ SERVICE_ROLE_KEY, SUBMIT_RATE_LIMIT: '0' }), db: temp.db })
  await app.ready()
  return { temp, app }
}

export async function closeSubmissionApp({ app, temp }: SubmissionApp): Promise<void> {
  await app.close()
  await temp.dispose()
}

/**
 * The calls the submission tests make, on the app and database `current`
 * holds once their beforeAll has run.
 */
export function submissionCalls(current: () => SubmissionApp) {
  return {
    submit: (body: unknown, headers: Record<string, string> = {}, query = columnsOf(body)) =>
      current().app.inject({
        method: 'POST',
        url: CONTACT_SUBMISSIONS_PATH + query,
        headers: { ...CLIENT_HEADERS, ...headers },
        payload: typeof body === 'string' ? body : JSON.stringify(body),
      }),
    latestRow: async () => {
      const rows = await current().temp.db.query('SELECT * FROM contact_submissions ORDER BY id DESC LIMIT 1')
      return rows[0]
    },
    rowCount: async () => {
      const [row] = await current().temp.db.query<{ n: number }>('SELECT count(*)::int AS n FROM contact_submissions')
      return row?.n
    },
    rowsWithSubmissionId: async (submissionId: string) => {
      const rows = await current().temp.db.query('SELECT * FROM contact_submissions WHERE submission_id = $1', [submissionId])
      return rows
    },
  }
}
