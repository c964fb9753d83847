import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_API_PATH, CSRF_HEADER } from '../../common/admin-api.ts'
import { closeAdminApp, openAdminApp, signIn, type AdminApp, type SignedIn } from '../testing/admin-session.ts'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { insertApplication } from '../testing/insert-application.ts'
import { startNotificationChannels, until, type NotificationChannels } from '../testing/notification-channels.ts'

const OWNER = 'closer@agency.example'
const PASSWORD = 'correct horse battery'

let channels: NotificationChannels
let admin: AdminApp | undefined
let session: SignedIn

beforeAll(async () => {
  channels = await startNotificationChannels()
  admin = await openAdminApp([OWNER], PASSWORD, { ...channels.env, CURRENCY: 'GBP' })
  session = await signIn(admin.app, OWNER, PASSWORD)
})
afterAll(async () => {
  if (admin) await closeAdminApp(admin)
  await channels.close()
})

const current = () => {
  if (!admin) throw new Error('opened in beforeAll')
  return admin
}
const enter = (id: number, payload: object) =>
  current().app.inject({
    method: 'POST',
    url: `${ADMIN_API_PATH}/leads/${id}/outcome`,
    headers: { cookie: session.cookie, [CSRF_HEADER]: session.csrfToken },
    payload,
  })

const webhooksAbout = (id: number) => channels.webhooksAbout(id)
const slackAbout = (id: number) => channels.slackAbout(id)
const subjectsAbout = (id: number) => channels.subjectsAbout(id)

describe(`lead.won and lead.lost on ${DATABASE_TARGET}`, () => {
  it('announce a deal won (exact amount) and a correction to lost (reason and words) to the webhooks, Slack and email', async () => {
    const id = await insertApplication(current().temp.db, { answers: { name: 'Grace Hopper' } })
    await until(() => webhooksAbout(id).length === 1, 'application.created')

    expect((await enter(id, { outcome: 'won', amount: '12500.5' })).statusCode).toBe(201)
    await until(() => webhooksAbout(id).length === 2 && slackAbout(id).length === 2, 'lead.won')
    const won = webhooksAbout(id)[1]
    expect(won?.type).toBe('lead.won')
    expect(won?.data).toEqual({
      application_id: id,
      submission_id: expect.any(String),
      amount: '12500.50',
      amount_minor: 1250050,
      currency: 'GBP',
      entered_by: OWNER,
    })
    expect(slackAbout(id)[1]).toBe(`Deal won: #${id} Grace Hopper, 12500.50 GBP · ${OWNER}`)

    expect(
      (await enter(id, { outcome: 'lost', lostReason: 'Price', note: 'Went with <b>cheaper</b>' })).statusCode,
    ).toBe(201)
    await until(() => webhooksAbout(id).length === 3 && slackAbout(id).length === 3, 'lead.lost')
    expect(webhooksAbout(id)[2]).toMatchObject({
      type: 'lead.lost',
      data: { application_id: id, lost_reason: 'Price', note: 'Went with <b>cheaper</b>', entered_by: OWNER },
    })
    expect(slackAbout(id)[2]).toBe(`Deal lost: #${id} Grace Hopper (Price) · ${OWNER}`)
    // The new lead's email is "New application: …"; the outcomes' name the application.
    await until(() => subjectsAbout(id).length === 2, 'the emails')
    expect(subjectsAbout(id)).toEqual([
      `Deal won: #${id} Grace Hopper, 12500.50 GBP · ${OWNER}`,
      `Deal lost: #${id} Grace Hopper (Price) · ${OWNER}`,
    ])
  })

  it('say nothing of a showed or no-show outcome', async () => {
    const id = await insertApplication(current().temp.db, { answers: { name: 'Ada Lovelace' } })
    await until(() => webhooksAbout(id).length === 1, 'application.created')
    expect((await enter(id, { outcome: 'showed' })).statusCode).toBe(201)
    expect((await enter(id, { outcome: 'no_show' })).statusCode).toBe(201)
    // A won deal after them is the next news: nothing was queued before it.
    expect((await enter(id, { outcome: 'won', amount: '1' })).statusCode).toBe(201)
    await until(() => webhooksAbout(id).length >= 2, 'lead.won')
    await sleep(200)
    expect(webhooksAbout(id).map((envelope) => envelope.type)).toEqual(['application.created', 'lead.won'])
  })
})
