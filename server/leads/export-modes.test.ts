import { parse } from 'csv-parse/sync'
import { beforeEach, describe, expect, it } from 'vitest'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { insertLead } from '../testing/seed-leads.ts'
import { useSignedInInbox } from '../testing/signed-in-inbox.ts'
import type { TempDatabase } from '../testing/temp-database.ts'

let temp: TempDatabase
const { get } = useSignedInInbox((inbox) => {
  temp = inbox.temp
})
beforeEach(async () => {
  await temp.db.exec('DELETE FROM contact_submissions')
  await insertLead(temp.db, {
    answers: { phone: '+44 20 7946 0958', instagram: '@studio.handle', business: '=HYPERLINK("x")' },
    receivedAt: new Date('2026-11-27T09:30:12.345678Z'),
  })
})

const csvRows = (body: string) => parse(body, { columns: true }) as Record<string, string>[]

describe(`the inbox's export modes on ${DATABASE_TARGET}`, () => {
  it('guards phones and handles for a spreadsheet, by default and when asked', async () => {
    for (const query of ['format=csv', 'format=csv&mode=spreadsheet']) {
      const response = await get(`/leads/export?${query}`)
      expect(response.statusCode).toBe(200)
      expect(csvRows(response.body)[0]).toMatchObject({
        phone: "'+44 20 7946 0958",
        instagram: "'@studio.handle",
        business: `'=HYPERLINK("x")`,
      })
    }
  })

  it('writes values as they are for a CRM import', async () => {
    const response = await get('/leads/export?format=csv&mode=crm')
    expect(response.statusCode).toBe(200)
    expect(csvRows(response.body)[0]).toMatchObject({
      phone: '+44 20 7946 0958',
      instagram: '@studio.handle',
      business: '=HYPERLINK("x")',
    })
  })

  it('writes times in the zone asked for, to the second, and in UTC without one', async () => {
    expect(csvRows((await get('/leads/export?format=csv')).body)[0]?.created_at).toBe('2026-11-27 09:30:12')
    expect(csvRows((await get('/leads/export?format=csv&tz=America%2FNew_York')).body)[0]?.created_at).toBe(
      '2026-11-27 04:30:12',
    )
    const json = (await get('/leads/export?format=json&tz=Asia%2FKolkata')).json<{ created_at: string }[]>()
    expect(json[0]?.created_at).toBe('2026-11-27 15:00:12')
  })

  it('pages through many leads with the time zone applied, none lost or repeated', async () => {
    await temp.db
      .exec(`INSERT INTO contact_submissions (submission_id, created_at, instagram, name, email, phone, business, budget, revenue, challenges)
      SELECT gen_random_uuid(), timestamptz '2026-01-01 00:00:00.5Z' + g * interval '1 second', 'i', 'n', 'e@example.com', 'p', 'b', 'x', 'y', 'z'
      FROM generate_series(1, 250) g`)
    const rows = csvRows((await get('/leads/export?format=csv&mode=crm&tz=Europe%2FParis')).body)
    expect(rows).toHaveLength(251)
    expect(new Set(rows.map((row) => row.id)).size).toBe(251)
    expect(rows.at(-1)?.created_at).toBe('2026-01-01 01:00:01')
  })

  it('answers 400 with a message for a zone it does not know, and for an unknown mode', async () => {
    const zone = await get('/leads/export?format=csv&tz=Mars%2FOlympus')
    expect(zone.statusCode).toBe(400)
    expect(zone.json<{ message: string }>().message).toMatch(/"Mars\/Olympus" is not a time zone/)
    const mode = await get('/leads/export?format=csv&mode=excel')
    expect(mode.statusCode).toBe(400)
    expect(mode.json<{ message: string }>().message).toMatch(/mode must be one of spreadsheet, crm/)
  })
})
