import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADS_CONSENT_FIELD } from '../../common/ads-consent.ts'
import { CONTACT_SUBMISSIONS_PATH, HONEYPOT_FIELD } from '../../common/contact-submission.ts'
import { validAnswers } from '../../common/testing/valid-answers.ts'
import { buildApp } from '../app.ts'
import { parseConfig } from '../config.ts'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { CLIENT_HEADERS, columnsOf } from '../testing/submission-app.ts'
import { useTempDatabase } from '../testing/use-temp-database.ts'
import { eraseLead, eraseLeadsByEmail } from './erasure.ts'
import { deleteExpiredLeads } from './lead-retention.ts'

// The consent's client address, user agent and landing page are the lead's
// personal data: whatever removes the lead removes them.
const temp = useTempDatabase()
let app: FastifyInstance
beforeAll(async () => {
  app = buildApp({
    config: parseConfig({ SUBMIT_RATE_LIMIT: '0' }),
    db: temp.db,
    consent: { mode: 'checkbox', platforms: ['meta'] },
  })
  await app.ready()
})
afterAll(async () => {
  await app.close()
})

/** An application with the box ticked, stored through the insert; resolves to its id, checked to have its consent. */
async function consentedLead(email: string, extra: Record<string, unknown> = {}) {
  const submissionId = randomUUID()
  const row = { ...validAnswers({ submission_id: submissionId }), email, [ADS_CONSENT_FIELD]: true, ...extra }
  const response = await app.inject({
    method: 'POST',
    url: CONTACT_SUBMISSIONS_PATH + columnsOf([row]),
    headers: { ...CLIENT_HEADERS, 'user-agent': 'Agent/1.0', referer: 'https://brand.example/?fbclid=abc' },
    payload: JSON.stringify([row]),
  })
  expect(response.statusCode).toBe(201)
  const [stored] = await temp.db.query<{ id: string }>(
    'SELECT id::text AS id FROM contact_submissions WHERE submission_id = $1',
    [submissionId],
  )
  const id = Number(stored?.id)
  expect(await consentRows([id])).toBe(1)
  return id
}

const consentRows = async (ids: number[]) =>
  Number(
    (
      await temp.db.query<{ n: string }>(
        'SELECT count(*) AS n FROM lead_ad_consents WHERE application_id = ANY($1::bigint[])',
        [`{${ids.join(',')}}`],
      )
    )[0]?.n,
  )

const age = (id: number, days: number) =>
  temp.db.query(`UPDATE contact_submissions SET created_at = now() - make_interval(days => $2) WHERE id = $1`, [
    id,
    days,
  ])

describe(`the consent and match keys go with their lead on ${DATABASE_TARGET}`, () => {
  it('erasing a lead, or every lead of an email, leaves nothing of their consent', async () => {
    const one = await consentedLead('erase-one@example.com')
    const byEmail = await consentedLead('Erase-Both@Example.com')
    const kept = await consentedLead('erase-kept@example.com')

    expect(await eraseLead(temp.db, one, 'owner@example.com')).toBe(true)
    expect(await eraseLeadsByEmail(temp.db, 'erase-both@example.com', 'owner@example.com')).toBe(1)
    expect(await consentRows([one, byEmail])).toBe(0)
    expect(await consentRows([kept])).toBe(1)
  })

  it('lead retention deletes the consent with the lead', async () => {
    const expired = await consentedLead('retention-old@example.com')
    const recent = await consentedLead('retention-new@example.com')
    await age(expired, 400)

    await deleteExpiredLeads(temp.db, 365)
    expect(await consentRows([expired])).toBe(0)
    expect(await consentRows([recent])).toBe(1)
  })

  it('erasing by email takes a ticked box stored with spam too', async () => {
    const spam = await consentedLead('erase-spam@example.com', { [HONEYPOT_FIELD]: 'https://spam.example' })
    expect(await eraseLeadsByEmail(temp.db, 'erase-spam@example.com', 'owner@example.com')).toBe(1)
    expect(await consentRows([spam])).toBe(0)
  })
})
