import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, beforeEach } from 'vitest'
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
async function openSubmissionApp(): Promise<SubmissionApp> {
  const temp = await openTempDatabase()
  // The rate limit has its own tests (http/rate-limit.test.ts); here it would get in the way.
  const app = buildApp({ config: parseConfig({ SERVICE_ROLE_KEY, SUBMIT_RATE_LIMIT: '0' }), db: temp.db })
  await app.ready()
  return { temp, app }
}

async function closeSubmissionApp({ app, temp }: SubmissionApp): Promise<void> {
  await app.close()
  await temp.dispose()
}

/**
 * The calls the submission tests make, on the app and database `current`
 * holds once their beforeAll has run.
 */
function submissionCalls(current: () => SubmissionApp) {
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
      const rows = await current().temp.db.query('SELECT * FROM contact_submissions WHERE submission_id = $1', [
        submissionId,
      ])
      return rows
    },
  }
}

/**
 * The suite's app and database, opened before its tests and closed after
 * them; `opened` is told them, then runs whatever the suite stores first. Many
 * tests refuse requests for want of the key, all from one address, so each
 * test starts with the wrong-key throttle's count emptied (that throttle has
 * its own tests, postgrest/wrong-key-throttle.test.ts).
 */
export function useSubmissionApp(opened: (suite: SubmissionApp) => Promise<void> | void = () => undefined) {
  let suite: SubmissionApp | undefined
  const current = () => {
    if (!suite) throw new Error('The submission app is opened in beforeAll')
    return suite
  }
  beforeAll(async () => {
    suite = await openSubmissionApp()
    await opened(suite)
  })
  afterAll(async () => {
    if (suite) await closeSubmissionApp(suite)
  })
  beforeEach(async () => {
    await current().temp.db.query('DELETE FROM rate_limit_hits')
  })
  return submissionCalls(current)
}
