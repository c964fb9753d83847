import type { FastifyInstance, InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_API_PATH, CSRF_HEADER, type LeadDetail } from '../../common/admin-api.ts'
import { closeAdminApp, openAdminApp, signIn, type SignedIn } from '../testing/admin-session.ts'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { failedDelivery as insertFailedDelivery } from '../testing/failed-delivery.ts'
import { insertLead } from '../testing/seed-leads.ts'
import type { TempDatabase } from '../testing/temp-database.ts'

const PASSWORD = 'correct horse battery'
const OWNER = 'owner@example.com'

let temp: TempDatabase
let app: FastifyInstance
let session: SignedIn
beforeAll(async () => {
  ;({ temp, app } = await openAdminApp([OWNER], PASSWORD))
  session = await signIn(app, OWNER, PASSWORD)
})
afterAll(() => closeAdminApp({ temp, app }))

/** A request as the signed-in inbox makes it: the session cookie, and the CSRF token on changes. */
const call = (method: InjectOptions['method'], path: string, payload?: object) =>
  app.inject({
    method,
    url: `${ADMIN_API_PATH}${path}`,
    headers: { cookie: session.cookie, ...(method === 'GET' ? {} : { [CSRF_HEADER]: session.csrfToken }) },
    ...(payload === undefined ? {} : { payload }),
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
