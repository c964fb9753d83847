import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import type { LeadDetail } from '../../common/lead-page-api.ts'
import { mergePath } from '../../common/merge-api.ts'
import { validAnswers } from '../../common/testing/valid-answers.ts'
import type { Queryable } from '../db/database.ts'
import { changeStatus } from '../lead-lifecycle/status-change.ts'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { insertLead } from '../testing/seed-leads.ts'
import { OWNER, useSignedInInbox } from '../testing/signed-in-inbox.ts'
import type { TempDatabase } from '../testing/temp-database.ts'

let temp: TempDatabase
const { call, get } = useSignedInInbox((inbox) => {
  ;({ temp } = inbox)
})

/**
 * Until another session of this database waits for a lock: the merge has reached the lead a change holds.
 * PGlite has one session, where the merge simply runs after the change: nothing to wait for.
 */
async function untilSomeoneWaits(db: Queryable) {
  if (DATABASE_TARGET === 'pglite') return
  for (let tries = 0; tries < 250; tries++) {
    const [row] = await db.query<{ waiting: number }>(
      `SELECT count(*)::int AS waiting FROM pg_stat_activity
       WHERE datname = current_database() AND wait_event_type = 'Lock'`,
    )
    if ((row?.waiting ?? 0) > 0) return
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  throw new Error('the merge never waited for the lead the change holds')
}

describe(`a merge beside other changes on ${DATABASE_TARGET}`, () => {
  it('waits for a status change on the newer lead made at the same moment: both land, neither fails', async () => {
    const answers = validAnswers({}, { tag: randomUUID().slice(0, 8) })
    const older = await insertLead(temp.db, { answers, receivedAt: new Date(Date.now() - 86_400_000) })
    const newer = await insertLead(temp.db, { answers })
    let merging: ReturnType<typeof call> | undefined
    // A status change holds the newer lead's pipeline row, as changeStatus takes it, while the merge starts; then
    // records its history, which refers to the application the merge would delete.
    await temp.db.transaction(async (tx) => {
      await tx.query('SELECT 1 FROM lead_pipeline WHERE application_id = $1 FOR UPDATE', [newer])
      merging = call('POST', mergePath(older), { with: newer })
      await untilSomeoneWaits(temp.db)
      await changeStatus(tx, { ids: [newer], to: 'contacted', author: OWNER })
    })
    const merged = await merging
    expect(merged?.statusCode, merged?.body).toBe(200)
    const survivor = (await get(`/leads/${older}`)).json<LeadDetail>()
    // The change landed first, on the newer lead; the merge carried it over.
    expect(survivor.status).toBe('contacted')
    expect(survivor.history.map(({ to }) => to)).toContain('contacted')
    expect((await get(`/leads/${newer}`)).statusCode).toBe(404)
  })
})
