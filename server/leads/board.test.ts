import type { FastifyInstance } from 'fastify'
import { beforeEach, describe, expect, it } from 'vitest'
import { ADMIN_API_PATH } from '../../common/admin-api.ts'
import { BOARD_COLUMN_SIZE, type LeadBoard } from '../../common/board-api.ts'
import { LEAD_STATUSES, type LeadStatus } from '../../common/lead-status.ts'
import { SESSION_COOKIE } from '../accounts/sessions.ts'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { insertLead, seedLeads } from '../testing/seed-leads.ts'
import { useSignedInInbox } from '../testing/signed-in-inbox.ts'
import type { TempDatabase } from '../testing/temp-database.ts'

let temp: TempDatabase
let app: FastifyInstance
const { call, get } = useSignedInInbox((inbox) => {
  ;({ temp, app } = inbox)
})
beforeEach(async () => {
  await temp.db.exec('DELETE FROM contact_submissions')
})

const board = async () => {
  const response = await get('/leads/board')
  expect(response.statusCode).toBe(200)
  return response.json<LeadBoard>()
}
const countsOf = ({ columns }: LeadBoard) => Object.fromEntries(columns.map((column) => [column.status, column.count]))
const idsIn = ({ columns }: LeadBoard, status: LeadStatus) =>
  columns.find((column) => column.status === status)?.leads.map((lead) => lead.id)

/** The counts read the plain way: every lead joined to its application, spam left out. */
async function countedRows(): Promise<Record<LeadStatus, number>> {
  const rows = await temp.db.query<{ status: LeadStatus; n: string }>(
    `SELECT p.status, count(*)::text AS n FROM lead_pipeline p JOIN contact_submissions s ON s.id = p.application_id
     WHERE NOT s.spam GROUP BY p.status`,
  )
  const counts = Object.fromEntries(LEAD_STATUSES.map((status) => [status, 0])) as Record<LeadStatus, number>
  for (const row of rows) counts[row.status] = Number(row.n)
  return counts
}

const setStatus = (id: number, status: LeadStatus) =>
  temp.db.query('UPDATE lead_pipeline SET status = $2 WHERE application_id = $1', [id, status])

describe(`the pipeline board's route on ${DATABASE_TARGET}`, () => {
  it('needs a session: 401 without one, or with one that is not', async () => {
    expect((await app.inject({ url: `${ADMIN_API_PATH}/leads/board` })).statusCode).toBe(401)
    const forged = await app.inject({
      url: `${ADMIN_API_PATH}/leads/board`,
      headers: { cookie: `${SESSION_COOKIE}=forged` },
    })
    expect(forged.statusCode).toBe(401)
  })

  it('has one column per status, in the pipeline’s order, each counting all its leads and carrying the newest, spam left out', async () => {
    const minute = 60_000
    const start = Date.now() - 100 * minute
    const fresh: number[] = []
    for (let index = 0; index < BOARD_COLUMN_SIZE + 2; index++)
      fresh.unshift(await insertLead(temp.db, { receivedAt: new Date(start + index * minute) }))
    const contacted = [await insertLead(temp.db, { receivedAt: new Date(start - 3 * minute) })]
    contacted.unshift(await insertLead(temp.db, { receivedAt: new Date(start - 2 * minute) }))
    for (const id of contacted) await setStatus(id, 'contacted')
    const booked = await insertLead(temp.db, { answers: { name: 'Zoë Booked' } })
    await call('PATCH', `/leads/${booked}`, { status: 'booked' })
    await temp.db.query(
      `INSERT INTO bookings (provider, provider_booking_id, application_id, state, starts_at)
       VALUES ('calcom', 'board-1', $1, 'scheduled', '2030-11-26T14:30:00Z')`,
      [booked],
    )
    // Spam in several statuses: on no column and in no count.
    const spam = [
      await insertLead(temp.db, { spam: true }),
      await insertLead(temp.db, { spam: true }),
      await insertLead(temp.db, { spam: true }),
    ]
    await setStatus(spam[1]!, 'contacted')
    await setStatus(spam[2]!, 'won')

    const answer = await board()
    expect(answer.columns.map((column) => column.status)).toEqual([...LEAD_STATUSES])
    expect(countsOf(answer)).toEqual({
      new: BOARD_COLUMN_SIZE + 2,
      contacted: 2,
      booked: 1,
      to_chase: 0,
      showed: 0,
      won: 0,
      lost: 0,
    })
    expect(countsOf(answer)).toEqual(await countedRows())
    expect(idsIn(answer, 'new')).toEqual(fresh.slice(0, BOARD_COLUMN_SIZE))
    expect(idsIn(answer, 'contacted')).toEqual(contacted)
    expect(idsIn(answer, 'won')).toEqual([])
    const cards = answer.columns.flatMap((column) => column.leads)
    expect(cards.filter((lead) => spam.includes(lead.id))).toEqual([])
    expect(cards.find((lead) => lead.id === booked)).toMatchObject({
      status: 'booked',
      answers: { name: 'Zoë Booked' },
      booking: { state: 'scheduled', startsAt: '2030-11-26T14:30:00.000000Z' },
    })
  })

  it('follows a change of status at once', async () => {
    const id = await insertLead(temp.db)
    expect(countsOf(await board())).toMatchObject({ new: 1, lost: 0 })
    expect((await call('PATCH', `/leads/${id}`, { status: 'lost' })).statusCode).toBe(200)
    const after = await board()
    expect(countsOf(after)).toMatchObject({ new: 0, lost: 1 })
    expect(idsIn(after, 'lost')).toEqual([id])
  })

  it('counts what the rows hold over 3,000 applications, 5 % of them spam, in every status', async () => {
    await seedLeads(temp.db, 3000, { spamPercent: 5, spacingSeconds: 60 })
    const answer = await board()
    const rows = await countedRows()
    expect(countsOf(answer)).toEqual(rows)
    expect(Object.values(rows).reduce((sum, count) => sum + count, 0)).toBe(2850)
    for (const column of answer.columns) {
      expect(column.leads).toHaveLength(Math.min(BOARD_COLUMN_SIZE, column.count))
      expect(column.leads.every((lead) => lead.status === column.status)).toBe(true)
      const times = column.leads.map((lead) => lead.receivedAt)
      expect(times).toEqual([...times].sort().reverse())
    }
  })
})
