import { randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { CONTACT_FIELDS } from '../../common/application-form.ts'
import { HONEYPOT_FIELD } from '../../common/contact-submission.ts'
import { validAnswers } from '../../common/testing/valid-answers.ts'
import { buildApp } from '../app.ts'
import { parseConfig } from '../config.ts'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { failingDatabase } from '../testing/temp-database.ts'
import { useTempDatabase } from '../testing/use-temp-database.ts'
import { SPAM_SWEEP_INTERVAL_MS, deleteExpiredSpam } from './spam-retention.ts'

const temp = useTempDatabase()
afterEach(() => {
  vi.useRealTimers()
})

/** Inserts an application made `daysAgo` days ago, through the trigger; returns its submission_id. */
async function insertAged(daysAgo: number, honeypot: string | null) {
  const submissionId = randomUUID()
  const row = validAnswers()
  await temp.db.query(
    `INSERT INTO contact_submissions (created_at, submission_id, ${HONEYPOT_FIELD}, ${CONTACT_FIELDS.join(', ')})
     VALUES (now() - make_interval(days => $1::int), $2, $3, ${CONTACT_FIELDS.map((_, i) => `$${i + 4}`).join(', ')})`,
    [daysAgo, submissionId, honeypot, ...CONTACT_FIELDS.map((field) => row[field])],
  )
  return submissionId
}

const present = async (submissionId: string) =>
  (await temp.db.query('SELECT 1 FROM contact_submissions WHERE submission_id = $1', [submissionId])).length === 1

/** Polls with real timers until `check` holds; the sweep runs in the background. */
async function eventually(check: () => Promise<boolean>) {
  for (let attempt = 0; attempt < 200; attempt++) {
    if (await check()) return
    await sleep(25)
  }
  throw new Error('condition not reached within 5 s')
}

describe(`deleting expired spam on ${DATABASE_TARGET}`, () => {
  it('deletes spam older than the retention, and never an application', async () => {
    const oldSpam = await insertAged(31, 'https://spam.example')
    const recentSpam = await insertAged(29, 'https://spam.example')
    const oldLead = await insertAged(400, null)
    const oldLeadWithBlankHoneypot = await insertAged(400, '  ')

    expect(await deleteExpiredSpam(temp.db, 30)).toBe(1)
    expect(await present(oldSpam)).toBe(false)
    expect(await present(recentSpam)).toBe(true)
    expect(await present(oldLead)).toBe(true)
    expect(await present(oldLeadWithBlankHoneypot)).toBe(true)
    expect(await deleteExpiredSpam(temp.db, 30)).toBe(0)
  })

  it('is safe to run from several instances at once', async () => {
    const expired = await Promise.all(Array.from({ length: 20 }, () => insertAged(10, 'bot')))
    const [due] = await temp.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM contact_submissions WHERE spam AND created_at < now() - interval '5 days'",
    )
    const counts = await Promise.all([deleteExpiredSpam(temp.db, 5), deleteExpiredSpam(temp.db, 5)])
    expect(counts[0] + counts[1]).toBe(due?.n)
    for (const submissionId of expired) expect(await present(submissionId)).toBe(false)
  })
})

describe('the server', () => {
  it('deletes expired spam at start and every hour, with SPAM_RETENTION_DAYS, and stops when closed', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    const atStart = await insertAged(8, 'https://spam.example')
    const kept = await insertAged(6, 'https://spam.example')
    const app = buildApp({ config: parseConfig({ SPAM_RETENTION_DAYS: '7' }), db: temp.db })
    try {
      await app.ready()
      await eventually(async () => !(await present(atStart)))
      expect(await present(kept)).toBe(true)

      const withinTheHour = await insertAged(9, 'https://spam.example')
      vi.advanceTimersByTime(SPAM_SWEEP_INTERVAL_MS)
      await eventually(async () => !(await present(withinTheHour)))
      expect(await present(kept)).toBe(true)
    } finally {
      await app.close()
    }
    expect(vi.getTimerCount()).toBe(0)
  })

  it('starts and closes normally when the sweep fails', async () => {
    const app = buildApp({ config: parseConfig({}), db: failingDatabase(() => new Error('database away')) })
    await expect(app.ready()).resolves.toBe(app)
    await expect(app.close()).resolves.toBeUndefined()
  })
})
