import { beforeEach, describe, expect, it } from 'vitest'
import { type LeadPage, SEARCH_TOO_SHORT } from '../../common/lead-list-api.ts'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { insertLead } from '../testing/seed-leads.ts'
import { useSignedInInbox } from '../testing/signed-in-inbox.ts'
import type { TempDatabase } from '../testing/temp-database.ts'
import { tooSlowMessage } from './read-budget.ts'

const BUDGET_MS = 100

let temp: TempDatabase
const { get } = useSignedInInbox(
  (inbox) => {
    ;({ temp } = inbox)
  },
  { INBOX_QUERY_BUDGET_MS: String(BUDGET_MS) },
)
beforeEach(async () => {
  await temp.db.exec('DELETE FROM contact_submissions')
})

const search = (q: string, rest = '') => `?q=${encodeURIComponent(q)}${rest}`
const TOO_SHORT = {
  statusCode: 400,
  error: 'Bad Request',
  message: `q: ${SEARCH_TOO_SHORT}`,
  details: [{ field: 'q', message: SEARCH_TOO_SHORT }],
}

describe(`the inbox's reads on ${DATABASE_TARGET}: what they may ask, and their time budget`, () => {
  it.each([
    ['one character', '§'],
    ['one letter', 'a'],
    ['two letters', 'ng'],
    ['marks with no letter', '§§§§'],
    ['letters never three in a row', 'a b c.d'],
    ['two digits of a phone', '+1 (5'],
    ['two digits', '12'],
  ])('refuse a search of %s with the one /api error shape, on every route that searches', async (_case, q) => {
    const id = await insertLead(temp.db)
    for (const path of [
      `/leads${search(q)}`,
      `/leads${search(q, '&sort=status')}`,
      `/leads${search(q, '&sort=name')}`,
      `/leads/count${search(q)}`,
      `/leads/${id}/neighbours${search(q, '&sort=status')}`,
      `/leads/export${search(q, '&format=csv')}`,
    ]) {
      const response = await get(path)
      expect([path, response.statusCode]).toEqual([path, 400])
      expect(response.json()).toEqual(TOO_SHORT)
    }
  })

  it('search three letters or digits in a row, and a whole email address however short, exactly', async () => {
    const short = await insertLead(temp.db, { answers: { email: 'Jo@Ab.io', name: 'Jo Ngata' } })
    const other = await insertLead(temp.db, { answers: { email: 'xjo@ab.io.example', name: 'Ngaio Li' } })
    const phone = await insertLead(temp.db, { answers: { phone: '+44 7700 900123' } })
    const ids = async (path: string) => (await get(path)).json<LeadPage>().leads.map((lead) => lead.id)
    // Found by the search index: a substring anywhere.
    expect((await ids(`/leads${search('NGA')}`)).sort()).toEqual([short, other].sort())
    expect(await ids(`/leads${search('(900) 1')}`)).toEqual([phone])
    // Too short for the index, but a whole address: that lead alone, case ignored.
    expect(await ids(`/leads${search('jo@ab.io')}`)).toEqual([short])
    expect(await ids(`/leads${search('JO@AB.IO', '&sort=status')}`)).toEqual([short])
    expect((await get(`/leads/count${search('jo@ab.io')}`)).json()).toEqual({ total: 1, totalCapped: false })
  })

  it.runIf(DATABASE_TARGET === 'postgres')(
    `answer a read past its budget (${BUDGET_MS} ms here) with a 422 that says what to do, not a 5xx`,
    async () => {
      await insertLead(temp.db)
      // A lock held elsewhere keeps the list's statement waiting past its budget, as a slow plan would keep it running.
      let release = () => {}
      let locked = () => {}
      const isLocked = new Promise<void>((resolve) => (locked = resolve))
      const held = temp.db.transaction(async (tx) => {
        await tx.exec('LOCK TABLE lead_pipeline IN ACCESS EXCLUSIVE MODE')
        locked()
        await new Promise<void>((resolve) => (release = resolve))
      })
      await isLocked
      try {
        for (const path of ['/leads', '/leads?sort=status', '/leads/count?status=won', '/leads/board']) {
          const response = await get(path)
          expect([path, response.statusCode]).toEqual([path, 422])
          expect(response.json()).toEqual({
            statusCode: 422,
            error: 'Unprocessable Entity',
            message: tooSlowMessage(BUDGET_MS),
          })
        }
      } finally {
        release()
        await held
      }
      // The budget is the statement's: once the lock is gone the same read answers.
      expect((await get('/leads')).statusCode).toBe(200)
    },
  )

  it.runIf(DATABASE_TARGET === 'pglite')(
    'run a statement to its end on PGlite, which cannot cancel one (why the searches are bounded)',
    async () => {
      // PGlite 0.5 runs single-threaded WASM with no timer to interrupt it: statement_timeout is accepted and never fires.
      const rows = await temp.db.transaction(async (tx) => {
        await tx.exec(`SET LOCAL statement_timeout = ${BUDGET_MS}`)
        return tx.query<{ done: boolean }>('SELECT pg_sleep(0.3) IS NOT NULL AS done')
      })
      expect(rows).toEqual([{ done: true }])
    },
  )
})
