import { randomBytes } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_API_PATH, CSRF_HEADER } from '../../common/admin-api.ts'
import type { LeadDetail } from '../../common/lead-page-api.ts'
import { closeAdminApp, openAdminApp, signIn, type AdminApp, type SignedIn } from '../testing/admin-session.ts'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { startReceiver } from '../testing/http-receiver.ts'
import { insertLead } from '../testing/seed-leads.ts'

const OWNER = 'owner@example.com'
const PASSWORD = 'correct horse battery'
const SECRET = `whsec_${randomBytes(32).toString('base64')}`

let receiver: Awaited<ReturnType<typeof startReceiver>>
let admin: AdminApp
let session: SignedIn
beforeAll(async () => {
  receiver = await startReceiver()
  admin = await openAdminApp([OWNER], PASSWORD, {
    LEAD_WEBHOOK_URL: receiver.url('/hook'),
    LEAD_WEBHOOK_SECRET: SECRET,
    WEBHOOK_ALLOW_PRIVATE: 'true',
  })
  session = await signIn(admin.app, OWNER, PASSWORD)
})
afterAll(async () => {
  await closeAdminApp(admin)
  await receiver.close()
})

const notSpam = (id: number | string) =>
  admin.app.inject({
    method: 'POST',
    url: `${ADMIN_API_PATH}/leads/${id}/not-spam`,
    headers: { cookie: session.cookie, [CSRF_HEADER]: session.csrfToken },
  })

/** The application ids of the verified webhooks the receiver got. */
function announced(): number[] {
  const verifier = new Webhook(SECRET)
  return receiver.requests.map((request) => {
    const envelope = verifier.verify(request.body, request.headers as Record<string, string>) as {
      type: string
      data: { id: number }
    }
    expect(envelope.type).toBe('application.created')
    return envelope.data.id
  })
}

async function until(check: () => boolean, what: string) {
  for (let waited = 0; waited < 10_000; waited += 25) {
    if (check()) return
    await sleep(25)
  }
  throw new Error(`timed out waiting for ${what}`)
}

const rows = (sql: string, id: number) => admin.temp.db.query(sql, [id])

describe(`marking spam as not spam on ${DATABASE_TARGET}`, () => {
  it('moves it to the leads and sends its new-lead webhook, signed, with its pipeline row, audited', async () => {
    const id = await insertLead(admin.temp.db, { spam: true, answers: { name: 'Caught By Mistake' } })
    // A spam entry from before the pipeline existed has no row: it gets one.
    await admin.temp.db.query('DELETE FROM lead_pipeline WHERE application_id = $1', [id])
    await sleep(200)
    expect(announced()).not.toContain(id)

    const response = await notSpam(id)
    expect(response.statusCode).toBe(200)
    expect(response.json<LeadDetail>()).toMatchObject({ id, spam: false, status: 'new' })

    await until(() => receiver.requests.length > 0, 'the webhook')
    expect(announced()).toEqual([id])
    expect(await rows('SELECT status FROM lead_pipeline WHERE application_id = $1', id)).toEqual([{ status: 'new' }])
    // The receiver has it before the notifier records its answer.
    await expect
      .poll(() =>
        rows(`SELECT state FROM lead_deliveries WHERE application_id = $1 AND event = 'application.created'`, id),
      )
      .toEqual([{ state: 'delivered' }])
    expect(
      await rows(`SELECT actor_email, detail FROM admin_audit WHERE action = 'lead.not-spam' AND lead_id = $1`, id),
    ).toEqual([{ actor_email: OWNER, detail: {} }])
  })

  it('refuses a lead that is not spam with 409 and a message, and an unknown one with 404, changing nothing', async () => {
    const id = await insertLead(admin.temp.db, { spam: true })
    expect((await notSpam(id)).statusCode).toBe(200)
    const again = await notSpam(id)
    expect(again.statusCode).toBe(409)
    expect(again.json<{ message: string }>().message).toMatch(/not spam/)
    expect(
      await rows(`SELECT count(*)::int AS n FROM admin_audit WHERE action = 'lead.not-spam' AND lead_id = $1`, id),
    ).toEqual([{ n: 1 }])
    expect((await notSpam(999_999_999)).statusCode).toBe(404)
    expect((await notSpam('nope')).statusCode).toBe(404)
  })

  it('needs the CSRF token', async () => {
    const id = await insertLead(admin.temp.db, { spam: true })
    const response = await admin.app.inject({
      method: 'POST',
      url: `${ADMIN_API_PATH}/leads/${id}/not-spam`,
      headers: { cookie: session.cookie },
    })
    expect(response.statusCode).toBe(403)
    expect(await rows('SELECT spam FROM contact_submissions WHERE id = $1', id)).toEqual([{ spam: true }])
  })
})
