import { randomBytes, randomUUID } from 'node:crypto'
import { join } from 'node:path'
import { CONTACT_SUBMISSIONS_PATH } from '../../common/contact-submission.ts'
import { validAnswers } from '../../common/testing/valid-answers.ts'
import { SUBMIT_HEADERS } from '../../reliability/support/submissions.ts'
import { SUBMISSIONS, TABLE } from '../../server/applications/submission-table.ts'
import type { Database } from '../../server/db/database.ts'
import { parseInsert } from '../../server/postgrest/parse-insert.ts'
import { runWrk, type WrkOptions } from './wrk.ts'

/** One application, sent by every request (each with its own submission_id) and inserted by the references. */
export const ANSWERS = validAnswers()

const sqlText = (value: string) => `'${value.replaceAll("'", "''")}'`

/** The same application as one literal INSERT, for pgbench (which has no parameters to bind). */
export const LITERAL_INSERT = `INSERT INTO ${TABLE} (${Object.keys(ANSWERS).join(', ')}) VALUES (${Object.values(ANSWERS).map(sqlText).join(', ')});\n`

export interface SubmissionFigures {
  perSecond: number
  p50Ms: number
  p99Ms: number
}

export interface SubmissionLoad {
  seconds: number
  connections: number
  /** Where wrk runs (WrkOptions.cpus); anywhere by default. */
  cpus?: string
}

/** A wrk run posting what the page posts to the server at `url`, each request with its own submission_id. */
export function submissionWrk(url: string, { seconds, connections, cpus }: SubmissionLoad): [string, WrkOptions] {
  const answersJson = JSON.stringify(ANSWERS).slice(0, -1)
  // Fresh each run, so ids never repeat across runs on one database.
  const runTag = randomBytes(4).toString('hex')
  return [
    `${url}${CONTACT_SUBMISSIONS_PATH}`,
    {
      seconds,
      connections,
      cpus,
      headers: SUBMIT_HEADERS,
      script: { path: join(import.meta.dirname, 'submit.lua'), args: [runTag, answersJson] },
    },
  ]
}

/** Applications per second that the server at `url` stores. */
export function measureSubmissions(url: string, load: SubmissionLoad): SubmissionFigures {
  const figures = runWrk(...submissionWrk(url, load))
  if (figures.non2xx || figures.socketErrors) {
    throw new Error(
      `${figures.non2xx} answers other than 2xx and ${figures.socketErrors} socket errors during the benchmark`,
    )
  }
  return { perSecond: figures.requestsPerSecond, p50Ms: figures.p50Ms, p99Ms: figures.p99Ms }
}

/**
 * The INSERT the submissions route runs for one of these applications, built
 * the way it builds it (parseInsert's columns, $n placeholders), with values
 * for a fresh submission_id each call.
 */
function applicationInsert() {
  const row = (submissionId: string) =>
    parseInsert(JSON.stringify([{ ...ANSWERS, submission_id: submissionId }]), {
      columns: undefined,
      missingDefault: false,
      authenticated: false,
      table: SUBMISSIONS,
    })
  const { columns } = row(randomUUID())
  const sql = `INSERT INTO ${TABLE} (${columns.join(', ')}) VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')})`
  return { sql, values: () => row(randomUUID()).values }
}

/**
 * Rows per second that `db` stores with nothing in front of it: `concurrency`
 * loops of the route's one-row INSERT with the route's options, so the
 * embedded database's group commit batches them as it batches the server's.
 * This process is the server here, so the figure is the database's own ceiling.
 */
export async function bareInsertRate(
  db: Database,
  { seconds, concurrency }: { seconds: number; concurrency: number },
): Promise<number> {
  const insert = applicationInsert()
  const started = performance.now()
  const until = started + seconds * 1000
  let stored = 0
  const loop = async () => {
    while (performance.now() < until) {
      await db.query(insert.sql, insert.values(), { prepare: true, oneRowInsert: true })
      stored++
    }
  }
  await Promise.all(Array.from({ length: concurrency }, loop))
  return (stored * 1000) / (performance.now() - started)
}
