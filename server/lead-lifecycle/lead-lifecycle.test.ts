import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { DEFAULT_SITE_MANIFEST } from '../../common/site-manifest.ts'
import { parseConfig } from '../config.ts'
import { leadNotifications } from '../notify/lead-notifications.ts'
import { createAdminAccount } from '../testing/admin-session.ts'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { insertApplication } from '../testing/insert-application.ts'
import { useTempDatabase } from '../testing/use-temp-database.ts'
import { markNotSpam } from './not-spam.ts'
import { markBookingOpened, markOpened, markUnopenedByAll } from './opened.ts'
import { changeStatus, markBooked } from './status-change.ts'

const temp = useTempDatabase()

const statusOf = async (id: number) =>
  (await temp.db.query<{ status: string }>('SELECT status FROM lead_pipeline WHERE application_id = $1', [id]))[0]
    ?.status

const historyOf = (id: number) =>
  temp.db.query<{ from_status: string | null; to_status: string; author: string }>(
    'SELECT from_status, to_status, author FROM lead_status_changes WHERE application_id = $1 ORDER BY id',
    [id],
  )

describe(`the lead lifecycle on ${DATABASE_TARGET}`, () => {
  it('moves many leads in one call, recording a change for each that moved, in id order', async () => {
    const [a, b, c] = [
      await insertApplication(temp.db),
      await insertApplication(temp.db),
      await insertApplication(temp.db),
    ]
    await changeStatus(temp.db, { ids: [b], to: 'won', author: 'first@example.com' })
    const moved = await changeStatus(temp.db, { ids: [c, b, a, c + 1_000_000], to: 'won', author: 'bulk@example.com' })
    expect(moved.found).toBe(3)
    expect(moved.changes.map(({ id, from, to, author }) => ({ id, from, to, author }))).toEqual([
      { id: a, from: 'new', to: 'won', author: 'bulk@example.com' },
      { id: c, from: 'new', to: 'won', author: 'bulk@example.com' },
    ])
    expect(await historyOf(b)).toEqual([{ from_status: 'new', to_status: 'won', author: 'first@example.com' }])
  })

  it('moves only leads with a status of onlyFrom, and counts only those as found', async () => {
    const [fresh, contacted, lost] = [
      await insertApplication(temp.db),
      await insertApplication(temp.db),
      await insertApplication(temp.db),
    ]
    await changeStatus(temp.db, { ids: [contacted], to: 'contacted', author: 'a@example.com' })
    await changeStatus(temp.db, { ids: [lost], to: 'lost', author: 'a@example.com' })
    const moved = await changeStatus(temp.db, {
      ids: [fresh, contacted, lost],
      to: 'booked',
      author: 'Cal.com',
      onlyFrom: ['new', 'contacted'],
    })
    expect(moved.found).toBe(2)
    expect(moved.changes.map((change) => change.id)).toEqual([fresh, contacted].sort((x, y) => x - y))
    expect([await statusOf(fresh), await statusOf(contacted), await statusOf(lost)]).toEqual([
      'booked',
      'booked',
      'lost',
    ])
  })

  it('books a new or contacted lead inside the caller’s transaction, and leaves a later stage alone', async () => {
    const [fresh, won] = [await insertApplication(temp.db), await insertApplication(temp.db)]
    await changeStatus(temp.db, { ids: [won], to: 'won', author: 'a@example.com' })
    await expect(
      temp.db.transaction(async (tx) => {
        await markBooked(tx, fresh, 'Calendly')
        throw new Error('the booking failed after the move')
      }),
    ).rejects.toThrow('the booking failed')
    expect(await statusOf(fresh)).toBe('new')
    await temp.db.transaction((tx) => Promise.all([markBooked(tx, fresh, 'Calendly'), markBooked(tx, won, 'Calendly')]))
    expect(await historyOf(fresh)).toEqual([{ from_status: 'new', to_status: 'booked', author: 'Calendly' }])
    expect(await statusOf(won)).toBe('won')
    expect(await historyOf(won)).toHaveLength(1)
  })

  it('keeps the first opening of a lead’s booking page, by its submission id', async () => {
    const id = await insertApplication(temp.db)
    const [{ submission_id } = { submission_id: '' }] = await temp.db.query<{ submission_id: string }>(
      'SELECT submission_id::text FROM contact_submissions WHERE id = $1',
      [id],
    )
    const openedAt = async () =>
      (
        await temp.db.query<{ at: string | null }>(
          'SELECT booking_opened_at::text AS at FROM lead_pipeline WHERE application_id = $1',
          [id],
        )
      )[0]?.at
    await markBookingOpened(temp.db, [])
    expect(await openedAt()).toBeNull()
    await markBookingOpened(temp.db, [submission_id, randomUUID()])
    const first = await openedAt()
    expect(first).not.toBeNull()
    await markBookingOpened(temp.db, [submission_id])
    expect(await openedAt()).toBe(first)
  })

  it('marks a lead opened by one account only, and new again to every account', async () => {
    const id = await insertApplication(temp.db)
    const email = await createAdminAccount(temp.db, `opened-${randomUUID()}@example.com`, 'correct horse battery')
    const [account] = await temp.db.query<{ id: string }>('SELECT id::text FROM admin_accounts WHERE email = $1', [
      email,
    ])
    const accountId = Number(account?.id)
    const unopened = async () =>
      (
        await temp.db.query('SELECT 1 FROM lead_unopened WHERE account_id = $1 AND application_id = $2', [
          accountId,
          id,
        ])
      ).length
    await markUnopenedByAll(temp.db, id)
    expect(await unopened()).toBe(1)
    expect(await markOpened(temp.db, accountId, id)).toBe(true)
    expect(await unopened()).toBe(0)
    expect(await markOpened(temp.db, accountId, id + 1_000_000)).toBe(false)
  })

  it('takes a lead out of spam with its news queued through the notifications port, in the same transaction', async () => {
    const { notifications } = leadNotifications({
      db: temp.db,
      config: parseConfig({}).notifications,
      site: DEFAULT_SITE_MANIFEST,
    })
    const id = await insertApplication(temp.db, { spam: true })
    const queued = async () =>
      temp.db.query('SELECT 1 FROM lead_outbox WHERE application_id = $1 AND booking_event_id IS NULL', [id])
    expect(await queued()).toHaveLength(0)
    expect(await markNotSpam(temp.db, notifications, id, 'owner@example.com')).toBe('moved')
    expect(await queued()).toHaveLength(1)
    expect(await statusOf(id)).toBe('new')
    expect(await markNotSpam(temp.db, notifications, id, 'owner@example.com')).toBe('not-spam-already')
    expect(await markNotSpam(temp.db, notifications, id + 1_000_000, 'owner@example.com')).toBe('missing')
  })
})
