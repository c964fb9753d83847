import { describe, expect, it, vi } from 'vitest'
import { CONTACT_FIELDS } from '../../common/application-form.ts'
import { validAnswers } from '../../common/testing/valid-answers.ts'
import { buildApp } from '../app.ts'
import { parseConfig } from '../config.ts'
import { likePattern, SEARCH_TEXT } from '../leads/lead-filter.ts'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { insertApplication } from '../testing/insert-application.ts'
import { useTempDatabase } from '../testing/use-temp-database.ts'
import { analyzeTables, mergeSearchPendingList, vacuumChurningTables } from './database-upkeep.ts'

const temp = useTempDatabase()

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
    for (let i = 0; i < 20; i++)
      ids.push(await insertApplication(temp.db, { answers: { name: `Pending Person ${i}` } }))

    // Found while they wait in the pending list…
    expect(await searchIds('pending person')).toEqual(ids)
    // …which the upkeep then merges: pages were waiting, and none are left after.
    expect(await mergeSearchPendingList(temp.db)).toBeGreaterThan(0)
    expect(await mergeSearchPendingList(temp.db)).toBe(0)
    // And found the same way from the index proper.
    expect(await searchIds('pending person')).toEqual(ids)
  })
})

describe(`statistics on ${DATABASE_TARGET}`, () => {
  const GROWTH = 2000
  /** GROWTH more applications, in one statement. */
  const grow = async () => {
    const answers = validAnswers() as Record<string, string>
    await temp.db.query(
      `INSERT INTO contact_submissions (submission_id, ${CONTACT_FIELDS.join(', ')})
       SELECT gen_random_uuid(), ${CONTACT_FIELDS.map((_, i) => `$${i + 1}`).join(', ')} FROM generate_series(1, ${GROWTH})`,
      CONTACT_FIELDS.map((field) => answers[field]),
    )
  }
  const estimate = async () => {
    const [row] = await temp.db.query<{ rows: number }>(
      `SELECT reltuples::int AS rows FROM pg_class WHERE oid = 'contact_submissions'::regclass`,
    )
    return Number(row?.rows)
  }

  it('analyzes a table analyzed while nearly empty once it has grown past eight pages and doubled, then leaves it until it doubles again', async () => {
    await temp.db.query('ANALYZE contact_submissions')
    const before = await estimate()
    // Nearly empty: left alone even by the daily run, so it stays planned as ten pages.
    expect(await analyzeTables(temp.db, { growth: 0 })).not.toContain('contact_submissions')
    await grow()
    // Planned on the old figure, the table still looks as small as it was.
    expect(await estimate()).toBe(before)

    const analyzed = await analyzeTables(temp.db, { growth: 2 })
    expect(analyzed).toContain('contact_submissions')
    // The pipeline rows written beside each application grew their table too.
    expect(analyzed).toContain('lead_pipeline')
    expect(await estimate()).toBeGreaterThanOrEqual(before + GROWTH)

    expect(await analyzeTables(temp.db, { growth: 2 })).toEqual([])
  })

  it('is refreshed by the server at start', async () => {
    await temp.db.query('ANALYZE contact_submissions')
    const before = await estimate()
    for (let i = 0; i < 5; i++) await grow()
    const app = buildApp({ config: parseConfig({}), db: temp.db })
    try {
      await app.ready()
      await vi.waitFor(async () => expect(await estimate()).toBeGreaterThanOrEqual(before + 5 * GROWTH), {
        timeout: 5000,
      })
    } finally {
      await app.close()
    }
  })
})

describe(`the churning tables on ${DATABASE_TARGET}`, () => {
  const outboxPages = async () => {
    const [row] = await temp.db.query<{ heap: number; index: number }>(
      `SELECT pg_relation_size('lead_outbox')::int / 8192 AS heap, pg_relation_size('lead_outbox_key')::int / 8192 AS index`,
    )
    return row
  }
  /** 2,000 outbox rows, each stored and then taken, as leads and the notifier's looks do, then the upkeep's vacuum. */
  const churnAndVacuum = async () => {
    await temp.db.query(
      `INSERT INTO lead_outbox (application_id) SELECT id FROM contact_submissions ORDER BY id DESC LIMIT 2000 ON CONFLICT DO NOTHING`,
    )
    await temp.db.query('DELETE FROM lead_outbox')
    await vacuumChurningTables(temp.db)
  }

  it('keep the outbox from growing with every lead ever taken through it once vacuumed', async () => {
    const [{ leads } = { leads: 0 }] = await temp.db.query<{ leads: number }>(
      'SELECT count(*)::int AS leads FROM contact_submissions',
    )
    expect(leads).toBeGreaterThanOrEqual(2000)
    // The index's emptied pages are reusable from the second vacuum on.
    await churnAndVacuum()
    await churnAndVacuum()
    const settled = await outboxPages()
    expect(settled?.heap).toBe(0)
    for (let round = 0; round < 3; round++) await churnAndVacuum()
    expect(await outboxPages()).toEqual(settled)
  })
})
