import { describe, expect, it } from 'vitest'
import { LEAD_STATUSES } from '../../common/lead-status.ts'
import { changeLeadStatus } from '../lead-lifecycle/status-change.ts'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { insertApplication } from '../testing/insert-application.ts'
import { useTempDatabase } from '../testing/use-temp-database.ts'
import { getLeadDetail } from './lead-detail.ts'
import { addNote } from './pipeline.ts'

const temp = useTempDatabase()

describe(`a lead's pipeline on ${DATABASE_TARGET}`, () => {
  it('starts new, with an empty history and no booking opened, for an application stored by any client', async () => {
    const id = await insertApplication(temp.db)
    expect(await getLeadDetail(temp.db, id)).toMatchObject({
      status: 'new',
      history: [],
      notes: [],
      bookingOpenedAt: null,
      deliveries: [],
    })
  })

  it('records a change only when the status changes', async () => {
    const id = await insertApplication(temp.db)
    expect(await changeLeadStatus(temp.db, id, 'new', 'a@example.com')).toBeNull()
    expect(await changeLeadStatus(temp.db, id, 'booked', 'a@example.com')).toEqual({
      from: 'new',
      to: 'booked',
      author: 'a@example.com',
      at: expect.any(String),
      reason: null,
    })
    expect(await changeLeadStatus(temp.db, id, 'booked', 'b@example.com')).toBeNull()
    expect((await getLeadDetail(temp.db, id))?.history).toHaveLength(1)
    expect(await changeLeadStatus(temp.db, id + 1000, 'won', 'a@example.com')).toBeUndefined()
  })

  it('keeps the history a chain when changes arrive at once: each starts where the one before ended', async () => {
    const id = await insertApplication(temp.db)
    const targets = LEAD_STATUSES.filter((status) => status !== 'new')
    await Promise.all(
      targets.map((status, index) => changeLeadStatus(temp.db, id, status, `account${index}@example.com`)),
    )
    const lead = await getLeadDetail(temp.db, id)
    const history = lead?.history ?? []
    expect(history.map((change) => change.to).sort()).toEqual([...targets].sort())
    expect(history[0]?.from).toBe('new')
    for (const [index, change] of history.entries()) if (index > 0) expect(change.from).toBe(history[index - 1]?.to)
    expect(lead?.status).toBe(history.at(-1)?.to)
  })

  it('keeps notes in the order they were written, as written', async () => {
    const id = await insertApplication(temp.db)
    await addNote(temp.db, id, 'first', 'a@example.com')
    await addNote(temp.db, id, '  <b>second</b>\nline two  ', 'b@example.com')
    expect((await getLeadDetail(temp.db, id))?.notes.map(({ body, author }) => ({ body, author }))).toEqual([
      { body: 'first', author: 'a@example.com' },
      { body: '  <b>second</b>\nline two  ', author: 'b@example.com' },
    ])
    expect(await addNote(temp.db, id + 1000, 'x', 'a@example.com')).toBeUndefined()
  })
})
