// npm run bench:duplicates — what finding duplicates where a lead is read costs
// (docs/decisions/043-duplicates-read-not-recorded.md), measured as A/B pairs in
// one process on one database, so a busy machine slows both sides alike:
// - the list's first page (50 leads, the statement GET /leads runs) with the
//   "Applied again" column and with a constant in its place;
// - one application's insert with the phone's index (migration 026) and
//   without it, in alternating blocks.
import { performance } from 'node:perf_hooks'
import { validAnswers } from '../common/testing/valid-answers.ts'
import { APPLIED_AGAIN_COLUMN } from '../server/leads/duplicates.ts'
import { parseLeadQuery } from '../server/leads/lead-filter.ts'
import { SUMMARY_COLUMNS } from '../server/leads/list-leads.ts'
import { sortedListRows } from '../server/leads/sorted-rows.ts'
import { insertLead } from '../server/testing/seed-leads.ts'
import { withFreshPglite } from './support/fresh-pglite.ts'
import { percentile, seedInbox } from './support/inbox-timing.ts'

const LEADS = Number(process.env.BENCH_LEADS ?? 100_000)
const PAIRS = Number(process.env.BENCH_REQUESTS ?? 200)
const INSERT_BLOCKS = 6
const INSERTS_PER_BLOCK = 100

const WITHOUT = SUMMARY_COLUMNS.replace(APPLIED_AGAIN_COLUMN, 'false')
if (WITHOUT === SUMMARY_COLUMNS) throw new Error('The list no longer selects APPLIED_AGAIN_COLUMN as written')

const figures = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b)
  return `p50 ${percentile(sorted, 50).toFixed(2)} ms, p95 ${percentile(sorted, 95).toFixed(2)} ms`
}

async function timed(run: () => Promise<unknown>): Promise<number> {
  const start = performance.now()
  await run()
  return performance.now() - start
}

await withFreshPglite('bench-duplicates-', async (db) => {
  const seconds = await seedInbox(db, LEADS)
  process.stdout.write(`PGlite: seeded ${LEADS.toLocaleString('en')} applications in ${seconds.toFixed(1)} s\n`)
  const { filter, sort } = parseLeadQuery({})
  const page = (select: string) => sortedListRows(db, filter, sort, undefined, 51, { select })
  for (let index = 0; index < 20; index++) await Promise.all([page(SUMMARY_COLUMNS), page(WITHOUT)])

  const withMark: number[] = []
  const withoutMark: number[] = []
  for (let index = 0; index < PAIRS; index++) {
    // Alternating which goes first, so neither always finds the cache warmed by the other.
    const first = index % 2 === 0
    if (first) withMark.push(await timed(() => page(SUMMARY_COLUMNS)))
    withoutMark.push(await timed(() => page(WITHOUT)))
    if (!first) withMark.push(await timed(() => page(SUMMARY_COLUMNS)))
  }
  process.stdout.write(`first page with the mark: ${figures(withMark)}\n`)
  process.stdout.write(`first page without it:    ${figures(withoutMark)}\n`)

  const withIndex: number[] = []
  const withoutIndex: number[] = []
  const CREATE = `CREATE INDEX contact_submissions_phone_key_idx ON contact_submissions (lead_phone_key(phone), created_at) WHERE NOT spam`
  const insert = (tag: string) => insertLead(db, { answers: validAnswers({}, { tag }) })
  // Warmed first: the first inserts after the seeding's VACUUM read pages no later one does.
  for (let index = 0; index < INSERTS_PER_BLOCK; index++) await insert(`bench-warm-${index}`)
  for (let block = 0; block < INSERT_BLOCKS * 2; block++) {
    // Without the index first, so any warming still going on favours that side.
    const indexed = block % 2 === 1
    if (!indexed) await db.exec('DROP INDEX contact_submissions_phone_key_idx')
    for (let index = 0; index < INSERTS_PER_BLOCK; index++)
      (indexed ? withIndex : withoutIndex).push(await timed(() => insert(`bench-${block}-${index}`)))
    if (!indexed) await db.exec(CREATE)
  }
  process.stdout.write(`insert with the phone's index: ${figures(withIndex)}\n`)
  process.stdout.write(`insert without it:             ${figures(withoutIndex)}\n`)
})
