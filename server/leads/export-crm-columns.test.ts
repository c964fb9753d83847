import { parse } from 'csv-parse/sync'
import { describe, expect, it } from 'vitest'
import { LEAD_STATUSES } from '../../common/lead-status.ts'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { insertLead } from '../testing/seed-leads.ts'
import { OWNER, useSignedInInbox } from '../testing/signed-in-inbox.ts'
import type { TempDatabase } from '../testing/temp-database.ts'

let temp: TempDatabase
const { call, get } = useSignedInInbox((inbox) => {
  temp = inbox.temp
})

const csvRows = (body: string) => parse(body, { columns: true }) as Record<string, string>[]

/** A booking of the lead as the webhooks store one: only its time and state matter to the export. */
async function book(lead: number, startsAt: string, state: 'scheduled' | 'canceled' | 'no_show') {
  await temp.db.query(
    `INSERT INTO bookings (provider, provider_booking_id, application_id, starts_at, state)
     VALUES ('calendly', $1, $2, $3::timestamptz, $4)`,
    [`export-${lead}-${startsAt}`, lead, startsAt, state],
  )
}

/** The export of leads whose name holds `tag`, by lead id. */
async function exported(tag: string, extra = '') {
  const response = await get(`/leads/export?format=csv&mode=crm&q=${tag}${extra}`)
  expect(response.statusCode).toBe(200)
  return new Map(csvRows(response.body).map((row) => [Number(row.id), row]))
}

describe(`the inbox's export, for a CRM's import, on ${DATABASE_TARGET}`, () => {
  it('has a date column for each status, the call and its state, and the notes', async () => {
    const response = await get('/leads/export?format=csv&q=nobody-at-all')
    const header = parse(response.body, { to_line: 1 }) as string[][]
    expect(header[0]).toEqual(
      expect.arrayContaining([...LEAD_STATUSES.map((status) => `${status}_at`), 'call_at', 'call_state', 'notes']),
    )
  })

  it('writes when each status was last reached, the call the list shows and every note oldest first, in the zone asked', async () => {
    const tag = 'crmexportworked'
    const worked = await insertLead(temp.db, { answers: { name: `Worked ${tag}` } })
    const untouched = await insertLead(temp.db, { answers: { name: `Untouched ${tag}` } })
    expect((await call('PATCH', `/leads/${worked}`, { status: 'contacted' })).statusCode).toBe(200)
    expect((await call('POST', `/leads/${worked}/notes`, { body: 'Left a voicemail' })).statusCode).toBe(201)
    expect((await call('POST', `/leads/${worked}/notes`, { body: 'Called back,\nkeen on "Growth"' })).statusCode).toBe(
      201,
    )
    expect((await call('PATCH', `/leads/${worked}`, { status: 'won' })).statusCode).toBe(200)
    // A cancelled call and a later one still on: the export names the one still on, as the list does.
    await book(worked, '2026-12-01T15:00:00Z', 'canceled')
    await book(worked, '2026-12-03T14:30:00Z', 'scheduled')

    const changes = await temp.db.query<{ to_status: string; at: string }>(
      `SELECT to_status, to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS') AS at
       FROM lead_status_changes WHERE application_id = $1`,
      [worked],
    )
    const reached = (status: string) => changes.filter((change) => change.to_status === status).at(-1)?.at

    const rows = await exported(tag)
    const row = rows.get(worked)
    expect(row).toMatchObject({
      status: 'won',
      contacted_at: reached('contacted'),
      won_at: reached('won'),
      booked_at: '',
      lost_at: '',
      call_at: '2026-12-03 14:30:00',
      call_state: 'scheduled',
    })
    expect(row?.contacted_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
    expect(row?.notes).toMatch(
      new RegExp(
        `^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2} ${OWNER}: Left a voicemail\\n\\n\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2} ${OWNER}: Called back,\\nkeen on "Growth"$`,
      ),
    )
    expect(rows.get(untouched)).toMatchObject({ contacted_at: '', won_at: '', call_at: '', call_state: '', notes: '' })

    const zoned = (await exported(tag, '&tz=America%2FNew_York')).get(worked)
    expect(zoned?.call_at).toBe('2026-12-03 09:30:00')
  })

  it('says a call was cancelled or missed when no call is still on, and writes the same in JSON', async () => {
    const tag = 'crmexportcancel'
    const cancelled = await insertLead(temp.db, { answers: { name: `Cancelled ${tag}` } })
    const missed = await insertLead(temp.db, { answers: { name: `Missed ${tag}` } })
    await book(cancelled, '2026-12-02T10:00:00Z', 'canceled')
    await book(missed, '2026-11-02T10:00:00Z', 'no_show')
    const rows = await exported(tag)
    expect(rows.get(cancelled)).toMatchObject({ call_at: '2026-12-02 10:00:00', call_state: 'canceled' })
    expect(rows.get(missed)).toMatchObject({ call_at: '2026-11-02 10:00:00', call_state: 'no_show' })
    const json = (await get(`/leads/export?format=json&q=${tag}`)).json<Record<string, unknown>[]>()
    expect(json.find((lead) => lead.id === missed)).toMatchObject({
      call_at: '2026-11-02 10:00:00',
      call_state: 'no_show',
      notes: null,
      contacted_at: null,
    })
  })
})
