import { beforeAll, describe, expect, it } from 'vitest'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { planNodes } from '../testing/query-plan.ts'
import { seedLeads } from '../testing/seed-leads.ts'
import { useTempDatabase } from '../testing/use-temp-database.ts'
import { CALLS_TO_COME_SQL } from './agenda.ts'

const temp = useTempDatabase()
beforeAll(async () => {
  await seedLeads(temp.db, 5000, { spacingSeconds: 60, spamPercent: 1 })
  // Three leads in ten booked a call, from 60 days ago to 30 days ahead, as in bench:admin.
  await temp.db.exec(
    `INSERT INTO bookings (provider, provider_booking_id, application_id, starts_at, state)
     SELECT 'calendly', 'plan-' || s.id, s.id, now() + make_interval(days => (s.id % 90)::int - 60, hours => (s.id % 24)::int),
       'scheduled'
     FROM contact_submissions s WHERE NOT s.spam AND s.id % 10 < 3`,
  )
  await temp.db.exec('ANALYZE')
})

describe(`the calls agenda's plan on ${DATABASE_TARGET}, over 5,000 leads`, () => {
  it("looks up each of the week's calls' lead by its key, never a pass over every lead", async () => {
    const weekStart = new Date()
    const weekEnd = new Date(weekStart.getTime() + 7 * 86_400_000)
    const plan = await planNodes(temp.db, CALLS_TO_COME_SQL, [weekStart.toISOString(), weekEnd.toISOString(), 601])
    // Each call's lead and pipeline row looked up by key: never a pass over every lead, hashed or not.
    const leadReads = plan
      .filter((node) => ['contact_submissions', 'lead_pipeline'].includes(node['Relation Name'] ?? ''))
      .map((node) => [node['Relation Name'], node['Node Type'], node['Index Name']])
    expect(leadReads.sort()).toEqual([
      ['contact_submissions', 'Index Scan', 'contact_submissions_pkey'],
      ['lead_pipeline', 'Index Scan', 'lead_pipeline_pkey'],
    ])
  })
})
