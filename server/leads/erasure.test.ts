import { describe, expect, it } from 'vitest'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { insertLead } from '../testing/seed-leads.ts'
import { useTempDatabase } from '../testing/use-temp-database.ts'
import { eraseLead, eraseLeadsByEmail } from './erasure.ts'

// No server runs here, so nothing drains the outbox: the lead's outbox row is
// certainly there before the erasure, and its absence after is the erasure's doing.
const temp = useTempDatabase()

const count = async (sql: string, params: unknown[] = []) =>
  Number((await temp.db.query<{ n: string }>(`SELECT count(*) AS n FROM ${sql}`, params))[0]?.n)

describe(`erasing leads on ${DATABASE_TARGET}`, () => {
  it('takes the outbox row of each erased lead with it, and leaves the others', async () => {
    const one = await insertLead(temp.db, { answers: { email: 'one@example.com' } })
    const byEmail = await insertLead(temp.db, { answers: { email: 'Both@Example.com' } })
    const kept = await insertLead(temp.db, { answers: { email: 'kept@example.com' } })
    for (const id of [one, byEmail, kept]) expect(await count('lead_outbox WHERE application_id = $1', [id])).toBe(1)

    expect(await eraseLead(temp.db, one, 'owner@example.com')).toBe(true)
    expect(await eraseLeadsByEmail(temp.db, 'both@example.com', 'owner@example.com')).toBe(1)
    expect(await count('lead_outbox WHERE application_id = ANY($1::bigint[])', [[one, byEmail]])).toBe(0)
    expect(await count('lead_outbox WHERE application_id = $1', [kept])).toBe(1)
  })
})
