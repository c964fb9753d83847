import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADS_CONSENT_FIELD, adsConsentWords, IMPLIED_CONSENT_WORDS } from '../../common/ads-consent.ts'
import { CONTACT_SUBMISSIONS_PATH, HONEYPOT_FIELD } from '../../common/contact-submission.ts'
import { validAnswers } from '../../common/testing/valid-answers.ts'
import { buildApp } from '../app.ts'
import { parseConfig } from '../config.ts'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { CLIENT_HEADERS, columnsOf, SERVICE, SERVICE_ROLE_KEY } from '../testing/submission-app.ts'
import { useTempDatabase } from '../testing/use-temp-database.ts'
import { LANDING_URL_MAX_LENGTH, USER_AGENT_MAX_LENGTH } from './consent-capture.ts'
import type { ConsentSettings } from './consent-config.ts'
import { readLeadMatchKeys, readMatchKeys } from './match-keys.ts'

const temp = useTempDatabase()
const apps: FastifyInstance[] = []
let checkbox: FastifyInstance
let implied: FastifyInstance
let noPlatform: FastifyInstance
let behindProxy: FastifyInstance

async function appWith(consent: ConsentSettings, env: Record<string, string> = {}) {
  const config = parseConfig({ SERVICE_ROLE_KEY, SUBMIT_RATE_LIMIT: '0', ...env })
  const app = buildApp({ config, db: temp.db, consent })
  await app.ready()
  apps.push(app)
  return app
}

beforeAll(async () => {
  checkbox = await appWith({ mode: 'checkbox', platforms: ['meta', 'google', 'tiktok'] })
  implied = await appWith({ mode: 'implied', platforms: ['google'] })
  noPlatform = await appWith({ mode: 'checkbox', platforms: [] })
  behindProxy = await appWith({ mode: 'checkbox', platforms: ['meta'] }, { TRUST_PROXY: '1' })
})
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()))
})

const LANDING = 'https://brand.example/?utm_source=ig&fbclid=IwAR-Case_Kept'
const AGENT = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/604.1'
const BROWSER = { 'user-agent': AGENT, referer: LANDING }

interface Sent {
  app: FastifyInstance
  extra?: Record<string, unknown>
  headers?: Record<string, string>
  query?: string
  remoteAddress?: string
}

/** One application, tagged; resolves to its answer's status and its row's id (none when not stored). */
async function apply({ app, extra = {}, headers = BROWSER, query, remoteAddress }: Sent) {
  const submissionId = randomUUID()
  const row = { ...validAnswers({ submission_id: submissionId }), ...extra }
  const response = await app.inject({
    method: 'POST',
    url: CONTACT_SUBMISSIONS_PATH + (query ?? columnsOf([row])),
    headers: { ...CLIENT_HEADERS, ...headers },
    payload: JSON.stringify([row]),
    ...(remoteAddress === undefined ? {} : { remoteAddress }),
  })
  const [stored] = await temp.db.query<{ id: string }>(
    'SELECT id::text AS id FROM contact_submissions WHERE submission_id = $1',
    [submissionId],
  )
  return { status: response.statusCode, body: response.body, id: stored ? Number(stored.id) : undefined }
}

const consentRow = async (id: number | undefined) =>
  (
    await temp.db.query<{ words: string; client_ip: string | null; user_agent: string | null; landing_url: string }>(
      'SELECT words, client_ip, user_agent, landing_url FROM lead_ad_consents WHERE application_id = $1',
      [id],
    )
  )[0]

describe(`a lead's consent to the ad platforms, stored beside it, on ${DATABASE_TARGET}`, () => {
  it('stores the ticked box with the words shown, the client address, the user agent and the landing page', async () => {
    const { status, id } = await apply({ app: checkbox, extra: { [ADS_CONSENT_FIELD]: true } })
    expect(status).toBe(201)
    const keys = await readLeadMatchKeys(temp.db, id ?? 0)
    expect(keys).toMatchObject({
      applicationId: id,
      consent: { words: adsConsentWords(['meta', 'google', 'tiktok']) },
      clientIp: '127.0.0.1',
      userAgent: AGENT,
      landingUrl: LANDING,
    })
    expect(keys?.consent.words).toContain('Meta, Google and TikTok')
    expect(keys?.consent.givenAt.getTime()).toBe(keys?.appliedAt.getTime())
    expect(keys?.email).toMatch(/@example\.com$/)
  })

  it('stores nothing but the application without the box ticked, whatever else ads_consent holds', async () => {
    for (const value of [undefined, false, 'true', 1, null, { yes: true }]) {
      const extra = value === undefined ? {} : { [ADS_CONSENT_FIELD]: value }
      const { status, id } = await apply({ app: checkbox, extra })
      expect(status, JSON.stringify(value)).toBe(201)
      expect(id).toBeDefined()
      expect(await consentRow(id)).toBeUndefined()
    }
  })

  it('takes the box only when the request names it, as PostgREST reads only the columns listed', async () => {
    const { status, id } = await apply({
      app: checkbox,
      extra: { [ADS_CONSENT_FIELD]: true },
      query: columnsOf([validAnswers({ submission_id: randomUUID() })]),
    })
    expect(status).toBe(201)
    expect(await consentRow(id)).toBeUndefined()
  })

  it('stores nothing when no platform is on, and still takes the application', async () => {
    const { status, id } = await apply({ app: noPlatform, extra: { [ADS_CONSENT_FIELD]: true } })
    expect(status).toBe(201)
    expect(id).toBeDefined()
    expect(await consentRow(id)).toBeUndefined()
  })

  it('stores consent for every lead under implied, recorded as implied, and none for spam', async () => {
    const lead = await apply({ app: implied })
    const spam = await apply({ app: implied, extra: { [HONEYPOT_FIELD]: 'https://spam.example' } })
    expect([lead.status, spam.status]).toEqual([201, 201])
    expect(await consentRow(lead.id)).toMatchObject({ words: IMPLIED_CONSENT_WORDS, user_agent: AGENT })
    expect(await consentRow(spam.id)).toBeUndefined()
  })

  it('ignores X-Forwarded-For without TRUST_PROXY: a client cannot name its own address', async () => {
    const { id } = await apply({
      app: checkbox,
      extra: { [ADS_CONSENT_FIELD]: true },
      headers: { ...BROWSER, 'x-forwarded-for': '198.51.100.7' },
      remoteAddress: '203.0.113.9',
    })
    expect(await consentRow(id)).toMatchObject({ client_ip: '203.0.113.9' })
  })

  it("takes the client's address from the trusted proxy's X-Forwarded-For with TRUST_PROXY", async () => {
    const { id } = await apply({
      app: behindProxy,
      extra: { [ADS_CONSENT_FIELD]: true },
      headers: { ...BROWSER, 'x-forwarded-for': '198.51.100.66, 2001:db8::7' },
      remoteAddress: '10.0.0.2',
    })
    // One proxy trusted: the address it saw connect, the last one it added.
    expect(await consentRow(id)).toMatchObject({ client_ip: '2001:db8::7' })
  })

  it('keeps no address a trusted proxy forwards that is none, and still stores the application', async () => {
    const { status, id } = await apply({
      app: behindProxy,
      extra: { [ADS_CONSENT_FIELD]: true },
      headers: { ...BROWSER, 'x-forwarded-for': `'; DROP TABLE lead_ad_consents; --${'x'.repeat(200)}` },
    })
    expect(status).toBe(201)
    expect(await consentRow(id)).toMatchObject({ client_ip: null, user_agent: AGENT })
  })

  it('cuts an oversized user agent and landing page, and leaves out a landing page that is no web address', async () => {
    const long = await apply({
      app: checkbox,
      extra: { [ADS_CONSENT_FIELD]: true },
      headers: { 'user-agent': `Agent ${'a'.repeat(5000)}`, referer: `${LANDING}&pad=${'p'.repeat(9000)}` },
    })
    expect(long.status).toBe(201)
    const row = await consentRow(long.id)
    expect(row?.user_agent).toHaveLength(USER_AGENT_MAX_LENGTH)
    expect(row?.landing_url).toHaveLength(LANDING_URL_MAX_LENGTH)
    expect(row?.landing_url.startsWith(LANDING)).toBe(true)

    for (const referer of ['javascript:alert(1)', 'not a url', 'ftp://brand.example/']) {
      const odd = await apply({ app: checkbox, extra: { [ADS_CONSENT_FIELD]: true }, headers: { referer } })
      expect(odd.status).toBe(201)
      expect(await consentRow(odd.id)).toMatchObject({ landing_url: null })
    }
  })

  it('stores consent on the service role and return=representation path too, and answers with the row alone', async () => {
    const { status, body, id } = await apply({
      app: checkbox,
      extra: { [ADS_CONSENT_FIELD]: true },
      headers: { ...BROWSER, ...SERVICE, prefer: 'return=representation, count=exact' },
    })
    expect(status).toBe(201)
    const [returned] = JSON.parse(body) as Record<string, unknown>[]
    expect(returned).toMatchObject({ id })
    expect(returned).not.toHaveProperty(ADS_CONSENT_FIELD)
    expect(await consentRow(id)).toMatchObject({ landing_url: LANDING })
  })

  it('stores a repeated submission and its consent once: the repeat is 409, as before', async () => {
    const submissionId = randomUUID()
    const row = { ...validAnswers({ submission_id: submissionId }), [ADS_CONSENT_FIELD]: true }
    const send = () =>
      checkbox.inject({
        method: 'POST',
        url: CONTACT_SUBMISSIONS_PATH + columnsOf([row]),
        headers: { ...CLIENT_HEADERS, ...BROWSER },
        payload: JSON.stringify([row]),
      })
    expect((await send()).statusCode).toBe(201)
    expect((await send()).json()).toMatchObject({ code: '23505' })
    const rows = await temp.db.query(
      `SELECT 1 FROM lead_ad_consents c JOIN contact_submissions s ON s.id = c.application_id
       WHERE s.submission_id = $1`,
      [submissionId],
    )
    expect(rows).toHaveLength(1)
  })

  it('reads the match keys of a batch: only leads with consent', async () => {
    const consented = await apply({ app: checkbox, extra: { [ADS_CONSENT_FIELD]: true } })
    const without = await apply({ app: checkbox })
    const keys = await readMatchKeys(temp.db, [consented.id ?? 0, without.id ?? 0])
    expect([...keys.keys()]).toEqual([consented.id])
  })
})
