import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CONTACT_FIELDS, FIELD_MAX_LENGTH } from '../../common/application-form.ts'
import { ATTRIBUTION_MAX_BYTES, ATTRIBUTION_VALUE_MAX_LENGTH, TOUCH_KEYS } from '../../common/attribution.ts'
import {
  CONTACT_SUBMISSIONS_PATH,
  HONEYPOT_FIELD,
  HONEYPOT_MAX_LENGTH,
  submittedColumns,
} from '../../common/contact-submission.ts'
import { validAnswers } from '../../common/testing/valid-answers.ts'
import { buildApp } from '../app.ts'
import { parseConfig } from '../config.ts'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { useTempDatabase } from '../testing/use-temp-database.ts'
import { SUBMISSION_BODY_LIMIT } from './contact-submissions.ts'

const SERVICE_ROLE_KEY = 'service-role-key-for-tests-0123456789'
// The page's insert: every column it sends, named in `columns`, as supabase-js does.
const COLUMNS = `?columns=${encodeURIComponent(
  submittedColumns()
    .map((column) => `"${column}"`)
    .join(','),
)}`

const temp = useTempDatabase()
let app: FastifyInstance
beforeAll(async () => {
  app = buildApp({ config: parseConfig({ SERVICE_ROLE_KEY, SUBMIT_RATE_LIMIT: '0' }), db: temp.db })
  await app.ready()
})
afterAll(async () => {
  await app.close()
})

const touch = {
  utm_source: 'ig',
  utm_campaign: 'launch',
  fbclid: 'abc',
  referrer_origin: 'https://l.instagram.com',
  referrer_path: '/',
  landing_path: '/',
  captured_at: '2026-03-01T12:00:00.000Z',
}

/** Sends an application the way the page does, with `attribution` as given; answers 201 and the stored row, or fails. */
async function apply(attribution: unknown, body?: (row: Record<string, unknown>) => string) {
  const row = { ...validAnswers(), submission_id: randomUUID(), [HONEYPOT_FIELD]: '', attribution }
  const response = await app.inject({
    method: 'POST',
    url: CONTACT_SUBMISSIONS_PATH + COLUMNS,
    headers: { apikey: 'public-anon-key', 'content-type': 'application/json', prefer: 'return=minimal' },
    payload: body ? body(row) : JSON.stringify([row]),
  })
  expect(response.statusCode, response.body).toBe(201)
  const [stored] = await temp.db.query<Record<string, unknown>>(
    'SELECT * FROM contact_submissions WHERE submission_id = $1',
    [row.submission_id],
  )
  expect(stored, 'the application is stored').toMatchObject(validAnswers())
  return stored?.attribution
}

describe(`attribution sent with an application, on ${DATABASE_TARGET}`, () => {
  it('is stored as sent', async () => {
    expect(await apply({ first_touch: touch, last_touch: { ...touch, utm_source: 'google', gclid: 'g1' } })).toEqual({
      first_touch: touch,
      last_touch: { ...touch, utm_source: 'google', gclid: 'g1' },
    })
    const full = Object.fromEntries(
      TOUCH_KEYS.map((key) => [key, key === 'captured_at' ? touch.captured_at : `${key} ✓`]),
    )
    expect(await apply({ last_touch: full })).toEqual({ last_touch: full })
  })

  it('is null when the page had none, or left it out', async () => {
    expect(await apply(null)).toBeNull()
    expect(await apply(undefined, ({ attribution: _, ...row }) => JSON.stringify([row]))).toBeNull()
  })

  it('loses unknown keys', async () => {
    expect(
      await apply({
        first_touch: { ...touch, email: 'someone@example.com', nested: { a: 1 } },
        second_touch: touch,
        x: 1,
      }),
    ).toEqual({
      first_touch: touch,
    })
  })

  it('loses a value over 255 characters, and keeps the rest', async () => {
    const long = 'x'.repeat(ATTRIBUTION_VALUE_MAX_LENGTH + 1)
    expect(await apply({ first_touch: { ...touch, utm_term: long }, last_touch: { gclid: long } })).toEqual({
      first_touch: touch,
    })
  })

  it('loses values of the wrong type, and touches that are not objects', async () => {
    expect(
      await apply({
        first_touch: { ...touch, utm_medium: 7, utm_term: ['a'], utm_content: { a: 'b' }, utm_id: true },
        last_touch: 'ig',
      }),
    ).toEqual({
      first_touch: touch,
    })
    for (const attribution of ['ig', 42, true, [touch], { first_touch: [touch] }])
      expect(await apply(attribution)).toBeNull()
  })

  it('loses a value the database could not store, instead of the application', async () => {
    const { utm_source: _, ...rest } = touch
    expect(await apply({ last_touch: { ...touch, utm_source: 'a\u0000b', utm_medium: 'lone \ud800' } })).toEqual({
      last_touch: rest,
    })
    // Sent as such, either would make the insert fail.
    await expect(temp.db.query(`SELECT '{"a": "\\u0000"}'::jsonb`)).rejects.toMatchObject({ code: '22P05' })
    await expect(temp.db.query(`SELECT '{"a": "\\ud800"}'::jsonb`)).rejects.toMatchObject({
      code: expect.stringMatching(/^22P0/),
    })
  })

  it('is dropped whole when what it keeps is over 4 KB', async () => {
    const wide = Object.fromEntries(
      TOUCH_KEYS.slice(0, 14).map((key) => [key, 'w'.repeat(ATTRIBUTION_VALUE_MAX_LENGTH)]),
    )
    const attribution = { first_touch: wide, last_touch: wide }
    expect(Buffer.byteLength(JSON.stringify(attribution))).toBeGreaterThan(ATTRIBUTION_MAX_BYTES)
    expect(await apply(attribution)).toBeNull()
  })

  it('fits in the body limit at 4 KB beside every answer and the honeypot at their limits', async () => {
    // Values of six-byte JSON escapes, filled to the byte.
    const values = TOUCH_KEYS.filter((key) => key !== 'captured_at')
    const last_touch: Record<string, string> = {}
    for (const key of values) {
      last_touch[key] = '\u0001'.repeat(ATTRIBUTION_VALUE_MAX_LENGTH)
      if (Buffer.byteLength(JSON.stringify({ last_touch })) > ATTRIBUTION_MAX_BYTES) {
        const spare =
          ATTRIBUTION_MAX_BYTES - Buffer.byteLength(JSON.stringify({ last_touch: { ...last_touch, [key]: '' } }))
        last_touch[key] = '\u0001'.repeat(Math.floor(spare / 6))
        break
      }
    }
    const attribution = { last_touch }
    expect(Buffer.byteLength(JSON.stringify(attribution))).toBeGreaterThan(ATTRIBUTION_MAX_BYTES - 6)
    const widest = (row: Record<string, unknown>) =>
      JSON.stringify([
        {
          ...row,
          ...Object.fromEntries(CONTACT_FIELDS.map((field) => [field, '\u0001'.repeat(FIELD_MAX_LENGTH[field])])),
          [HONEYPOT_FIELD]: '\u0001'.repeat(HONEYPOT_MAX_LENGTH),
        },
      ])
    const body = widest({ submission_id: randomUUID(), attribution })
    expect(Buffer.byteLength(body)).toBeLessThanOrEqual(SUBMISSION_BODY_LIMIT)
    const response = await app.inject({
      method: 'POST',
      url: CONTACT_SUBMISSIONS_PATH + COLUMNS,
      headers: { 'content-type': 'application/json' },
      payload: body,
    })
    expect(response.statusCode).toBe(201)
    const [stored] = await temp.db.query<{ attribution: unknown }>(
      'SELECT attribution FROM contact_submissions ORDER BY id DESC LIMIT 1',
    )
    expect(stored?.attribution).toEqual(attribution)
  })

  it('is read back with the service-role key, and in return=representation', async () => {
    const submissionId = randomUUID()
    const sent = { ...validAnswers(), submission_id: submissionId, attribution: { last_touch: touch } }
    const created = await app.inject({
      method: 'POST',
      url: `${CONTACT_SUBMISSIONS_PATH}?select=submission_id,attribution`,
      headers: { apikey: SERVICE_ROLE_KEY, 'content-type': 'application/json', prefer: 'return=representation' },
      payload: JSON.stringify([{ ...sent, attribution: { last_touch: { ...touch, extra: 'x' } } }]),
    })
    expect(created.statusCode).toBe(201)
    expect(created.json()).toEqual([{ submission_id: submissionId, attribution: { last_touch: touch } }])

    const read = await app.inject({
      method: 'GET',
      url: `${CONTACT_SUBMISSIONS_PATH}?select=*&submission_id=eq.${submissionId}`,
      headers: { apikey: SERVICE_ROLE_KEY },
    })
    expect(read.statusCode).toBe(200)
    expect(read.json()).toEqual([
      expect.objectContaining({ ...validAnswers(), submission_id: submissionId, attribution: { last_touch: touch } }),
    ])
  })
})
