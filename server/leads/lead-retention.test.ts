import { setTimeout as sleep } from 'node:timers/promises'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { buildApp } from '../app.ts'
import { parseConfig } from '../config.ts'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { insertLead } from '../testing/seed-leads.ts'
import { useTempDatabase } from '../testing/use-temp-database.ts'
import { LEAD_SWEEP_INTERVAL_MS, deleteExpiredLeads } from './lead-retention.ts'

const temp = useTempDatabase()
beforeEach(async () => {
  await temp.db.exec('DELETE FROM contact_submissions')
})
afterEach(() => {
  vi.useRealTimers()
})

const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000)
const aged = (days: number, spam = false) => insertLead(temp.db, { receivedAt: daysAgo(days), spam })
const present = async (id: number) =>
  (await temp.db.query('SELECT 1 FROM contact_submissions WHERE id = $1', [id])).length === 1

async function eventually(check: () => Promise<boolean>) {
  for (let attempt = 0; attempt < 200; attempt++) {
    if (await check()) return
    await sleep(25)
  }
  throw new Error('condition not reached within 5 s')
}

describe(`deleting leads past LEAD_RETENTION_DAYS on ${DATABASE_TARGET}`, () => {
  it('deletes leads older than the retention with their notes and history, and never spam', async () => {
    const old = await aged(366)
    const recent = await aged(364)
    const oldSpam = await aged(400, true)
    await temp.db.query(
      "INSERT INTO lead_notes (application_id, body, author) VALUES ($1, 'called', 'owner@example.com')",
      [old],
    )

    expect(await deleteExpiredLeads(temp.db, 365)).toBe(1)
    expect(await present(old)).toBe(false)
    expect(await present(recent)).toBe(true)
    expect(await present(oldSpam)).toBe(true)
    expect(await temp.db.query('SELECT 1 FROM lead_notes WHERE application_id = $1', [old])).toEqual([])
    expect(await deleteExpiredLeads(temp.db, 365)).toBe(0)
  })
})

describe('the server', () => {
  it('keeps every lead when LEAD_RETENTION_DAYS is unset', async () => {
    const ancient = await aged(5000)
    const app = buildApp({ config: parseConfig({}), db: temp.db })
    await app.ready()
    // The spam sweep starts at the same moment; once it is done, a lead sweep would have been too.
    await sleep(200)
    await app.close()
    expect(await present(ancient)).toBe(true)
  })

  it('deletes expired leads at start and every day, and stops when closed', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    const atStart = await aged(31)
    const kept = await aged(29)
    const app = buildApp({ config: parseConfig({ LEAD_RETENTION_DAYS: '30' }), db: temp.db })
    try {
      await app.ready()
      await eventually(async () => !(await present(atStart)))
      expect(await present(kept)).toBe(true)

      const withinTheDay = await aged(40)
      vi.advanceTimersByTime(LEAD_SWEEP_INTERVAL_MS)
      await eventually(async () => !(await present(withinTheDay)))
      expect(await present(kept)).toBe(true)
    } finally {
      await app.close()
    }
    expect(vi.getTimerCount()).toBe(0)
  })

  it.each(['0', '1.5', 'forever', '-3'])('refuses LEAD_RETENTION_DAYS=%s, naming the variable', (value) => {
    expect(() => parseConfig({ LEAD_RETENTION_DAYS: value })).toThrow(
      /LEAD_RETENTION_DAYS: must be a whole number of days, 1 or more/,
    )
  })

  it('reads LEAD_RETENTION_DAYS, and an empty value as unset', () => {
    expect(parseConfig({ LEAD_RETENTION_DAYS: '730' }).leadRetentionDays).toBe(730)
    expect(parseConfig({ LEAD_RETENTION_DAYS: '' }).leadRetentionDays).toBeUndefined()
  })
})
