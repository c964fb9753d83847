import { describe, expect, it } from 'vitest'
import { DIRECT_SOURCE } from '../../common/funnel-api.ts'
import { utcDay } from '../../common/utc-day.ts'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { insertApplication } from '../testing/insert-application.ts'
import { useTempDatabase } from '../testing/use-temp-database.ts'
import { readLeadOutcomes } from './lead-outcomes.ts'

const temp = useTempDatabase()

/** A lead from `source` (a last-touch utm_source; none for a direct visit), with bookings in the given states. */
async function lead(
  source: string | undefined,
  bookings: { state: 'scheduled' | 'canceled' | 'no_show'; startsIn: number }[] = [],
  spam = false,
) {
  const id = await insertApplication(temp.db, { spam })
  if (source !== undefined) {
    await temp.db.query('UPDATE contact_submissions SET attribution = $1::jsonb WHERE id = $2', [
      JSON.stringify({ last_touch: { utm_source: source, landing_path: '/', captured_at: new Date().toISOString() } }),
      id,
    ])
  }
  for (const [index, booking] of bookings.entries()) {
    await temp.db.query(
      `INSERT INTO bookings (provider, provider_booking_id, application_id, state, starts_at)
       VALUES ('calcom', $1, $2, $3, now() + make_interval(hours => $4::int))`,
      [`outcome-${id}-${index}`, id, booking.state, booking.startsIn],
    )
  }
  return id
}

describe(`the funnel's lead stages and sources on ${DATABASE_TARGET}`, () => {
  it('counts stored leads, those that booked and those that showed, per source (most applications, then visitors, first) and for the range', async () => {
    await lead('IG', [{ state: 'scheduled', startsIn: -2 }])
    // Cancelled, then booked again for tomorrow: booked once, not showed yet.
    await lead('ig', [
      { state: 'canceled', startsIn: -30 },
      { state: 'scheduled', startsIn: 24 },
    ])
    await lead('ig', [{ state: 'no_show', startsIn: -5 }])
    await lead('ig')
    await lead('ig', [{ state: 'scheduled', startsIn: -2 }], true)
    await lead('google', [{ state: 'canceled', startsIn: -1 }])
    await lead(undefined)
    const today = utcDay(new Date())
    const visitors = new Map([
      ['ig', 40],
      ['newsletter', 7],
      [DIRECT_SOURCE, 12],
    ])

    const every = await readLeadOutcomes(temp.db, { from: today, to: today, source: undefined }, visitors)
    expect(every.bySource).toEqual([
      {
        source: 'ig',
        visitors: 40,
        applications: 4,
        conversionRate: 4 / 40,
        booked: 3,
        showed: 1,
        bookedRate: 3 / 4,
        showedRate: 1 / 3,
      },
      {
        source: DIRECT_SOURCE,
        visitors: 12,
        applications: 1,
        conversionRate: 1 / 12,
        booked: 0,
        showed: 0,
        bookedRate: 0,
        showedRate: null,
      },
      {
        source: 'google',
        visitors: 0,
        applications: 1,
        conversionRate: null,
        booked: 1,
        showed: 0,
        bookedRate: 1,
        showedRate: 0,
      },
      {
        source: 'newsletter',
        visitors: 7,
        applications: 0,
        conversionRate: 0,
        booked: 0,
        showed: 0,
        bookedRate: null,
        showedRate: null,
      },
    ])
    expect(every.stages).toEqual([
      { id: 'applications', visitors: 6, dropOff: null, dropOffRate: null },
      { id: 'booked', visitors: 4, dropOff: 2, dropOffRate: 2 / 6 },
      { id: 'showed', visitors: 1, dropOff: 3, dropOffRate: 3 / 4 },
    ])

    const ig = await readLeadOutcomes(temp.db, { from: today, to: today, source: 'ig' }, visitors)
    expect(ig.stages.map((stage) => stage.visitors)).toEqual([4, 3, 1])
    const yesterday = utcDay(new Date(Date.now() - 86_400_000))
    const before = await readLeadOutcomes(temp.db, { from: yesterday, to: yesterday, source: undefined }, new Map())
    expect(before.stages.map((stage) => stage.visitors)).toEqual([0, 0, 0])
  })

  it('takes the outcome a person entered over its guess: won or showed counts, a no-show does not, lost leaves the guess, and only for a booked call', async () => {
    const source = `outcomes-${Math.random().toString(36).slice(2, 8)}`
    const entered = async (id: number, ...outcomes: ('showed' | 'no_show' | 'won' | 'lost')[]) => {
      for (const outcome of outcomes)
        await temp.db.query(
          `INSERT INTO lead_outcomes (application_id, outcome, amount_minor, currency, lost_reason, author)
           VALUES ($1, $2, $3, $4, $5, 'closer@agency.example')`,
          [
            id,
            outcome,
            outcome === 'won' ? 100 : null,
            outcome === 'won' ? 'USD' : null,
            outcome === 'lost' ? 'Price' : null,
          ],
        )
    }
    // Guessed showed (a past call, on), but entered a no-show.
    await entered(await lead(source, [{ state: 'scheduled', startsIn: -3 }]), 'no_show')
    // Guessed not (cancelled), but entered won.
    await entered(await lead(source, [{ state: 'canceled', startsIn: -3 }]), 'won')
    // Lost says nothing of the call: the guess (showed) stays.
    await entered(await lead(source, [{ state: 'scheduled', startsIn: -3 }]), 'lost')
    // Corrected: the latest, a no-show, counts.
    await entered(await lead(source, [{ state: 'scheduled', startsIn: -3 }]), 'showed', 'no_show')
    // Won with no booking at all (worked by phone): no call the funnel knows of, so it never shows more than booked.
    await entered(await lead(source), 'won')
    const today = utcDay(new Date())
    const { bySource } = await readLeadOutcomes(temp.db, { from: today, to: today, source }, new Map())
    expect(bySource.find((row) => row.source === source)).toMatchObject({ applications: 5, booked: 4, showed: 2 })
  })
})
