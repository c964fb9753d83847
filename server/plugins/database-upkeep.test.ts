import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { likePattern, SEARCH_TEXT } from '../leads/lead-filter.ts'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { insertApplication } from '../testing/insert-application.ts'
import { openTempDatabase, type TempDatabase } from '../testing/temp-database.ts'
import { mergeSearchPendingList } from './search-index-upkeep.ts'

let temp: TempDatabase
beforeAll(async () => {
  temp = await openTempDatabase()
})
afterAll(async () => {
  await temp.dispose()
})

/** The ids a search finds through the search index alone (sequential scans off). */
async function searchIds(text: string) {
  return temp.db.transaction(async (tx) => {
    await tx.exec('SET LOCAL enable_seqscan = off')
    const rows = await tx.query<{ id: string }>(
      `SELECT s.id::text AS id FROM contact_submissions s WHERE (${SEARCH_TEXT}) ILIKE $1 ORDER BY s.id`,
      [likePattern(text)],
    )
    return rows.map((row) => Number(row.id))
  })
}

describe(`the search index's pending list on ${DATABASE_TARGET}`, () => {
  it('takes new applications into the pending list, which searches read and the upkeep merges', async () => {
    const ids: number[] = []
    for (let i = 0; i < 20; i++) ids.push(await insertApplication(temp.db, { answers: { name: `Pending Person ${i}` } }))

    // Found while they wait in the pending list…
    expect(await searchIds('pending person')).toEqual(ids)
    // …which the upkeep then merges: pages were waiting, and none are left after.
    expect(await mergeSearchPendingList(temp.db)).toBeGreaterThan(0)
    expect(await mergeSearchPendingList(temp.db)).toBe(0)
    // And found the same way from the index proper.
    expect(await searchIds('pending person')).toEqual(ids)
  })
})
