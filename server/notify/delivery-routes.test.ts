import { describe, expect, it } from 'vitest'
import type { LeadDetail } from '../../common/lead-page-api.ts'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { failedDelivery as insertFailedDelivery } from '../testing/failed-delivery.ts'
import { insertLead } from '../testing/seed-leads.ts'
import { useSignedInInbox } from '../testing/signed-in-inbox.ts'
import type { TempDatabase } from '../testing/temp-database.ts'

let temp: TempDatabase
const { call } = useSignedInInbox((inbox) => {
  temp = inbox.temp
})

const failedDelivery = (id: number) => insertFailedDelivery(temp.db, id)

describe(`the delivery routes on ${DATABASE_TARGET}`, () => {
  it('make a failed delivery due again now, keeping its attempts', async () => {
    const id = await insertLead(temp.db)
    const delivery = await failedDelivery(id)
    const response = await call('POST', `/deliveries/${delivery}/resend`)
    expect(response.statusCode).toBe(204)
    const [row] = await temp.db.query<{ state: string; due: boolean; finished: boolean }>(
      'SELECT state, next_attempt_at <= now() AS due, finished_at IS NOT NULL AS finished FROM lead_deliveries WHERE id = $1',
      [delivery],
    )
    expect(row).toEqual({ state: 'pending', due: true, finished: false })
    expect((await call('GET', `/leads/${id}`)).json<LeadDetail>().deliveries[0]?.attempts).toHaveLength(1)
    expect((await call('POST', `/deliveries/${delivery + 1000}/resend`)).statusCode).toBe(404)
  })
})
