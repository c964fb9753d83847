import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { CONTACT_FIELDS } from '../../common/application-form.ts'
import { CONTACT_SUBMISSIONS_PATH, HONEYPOT_FIELD } from '../../common/contact-submission.ts'
import { validAnswers } from '../../common/testing/valid-answers.ts'
import { CLIENT_HEADERS, useSubmissionApp, SERVICE } from '../testing/submission-app.ts'

let app: FastifyInstance
const { submit, latestRow, rowCount } = useSubmissionApp((suite) => {
  ;({ app } = suite)
})

describe('the columns parameter', () => {
  const post = (query: string, body: unknown, headers: Record<string, string> = {}) => submit(body, headers, query)

  it('inserts only the listed columns and ignores the body’s other keys, as PostgREST does', async () => {
    const submissionId = randomUUID()
    const columns = `?columns=${[...CONTACT_FIELDS].join(',')}`
    const response = await post(columns, [
      { ...validAnswers(), [HONEYPOT_FIELD]: 'ignored, not listed', favourite: 'x' },
    ])
    expect(response.statusCode).toBe(201)
    const stored = await latestRow()
    expect(stored).toMatchObject({ ...validAnswers(), [HONEYPOT_FIELD]: null, spam: false })
    expect(stored?.submission_id).not.toBe(submissionId)
  })

  it('accepts names quoted, as supabase-js sends them, or bare, with spaces around', async () => {
    const names = [...CONTACT_FIELDS]
    const query = `?columns=${encodeURIComponent(names.map((name, i) => (i % 2 ? `"${name}"` : ` ${name} `)).join(','))}`
    expect((await post(query, [validAnswers()])).statusCode).toBe(201)
  })

  it('refuses a listed column that does not exist with 400 PGRST204', async () => {
    const response = await post('?columns=name,nickname', [validAnswers()])
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      code: 'PGRST204',
      message: "Could not find the 'nickname' column of 'contact_submissions' in the schema cache",
      details: null,
      hint: null,
    })
  })

  it('inserts null for a listed column the body lacks, or its default with missing=default', async () => {
    const query = `?columns=${[...CONTACT_FIELDS, 'submission_id'].join(',')}`
    const withoutId = await post(query, [validAnswers()])
    expect(withoutId.statusCode).toBe(400)
    expect(withoutId.json()).toMatchObject({
      code: '23502',
      message: 'null value in column "submission_id" of relation "contact_submissions" violates not-null constraint',
    })
    const defaulted = await post(query, [validAnswers()], { prefer: 'missing=default' })
    expect(defaulted.statusCode).toBe(201)
    expect((await latestRow())?.submission_id).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('refuses columns that are not written by requests, as PostgreSQL would', async () => {
    const id = await post('?columns=id,name', [{ ...validAnswers(), id: 1 }])
    expect(id.statusCode).toBe(400)
    expect(id.json()).toMatchObject({ code: '428C9', message: 'cannot insert a non-DEFAULT value into column "id"' })
    const createdAt = await post('', [{ ...validAnswers(), created_at: '2000-01-01T00:00:00Z' }])
    expect(createdAt.statusCode).toBe(401)
    expect(createdAt.json()).toMatchObject({ code: '42501' })
    const asService = await post('', [{ ...validAnswers(), created_at: '2000-01-01T00:00:00Z' }], SERVICE)
    expect(asService.statusCode).toBe(403)
    expect(asService.headers['www-authenticate']).toBeUndefined()
  })

  it('lets no request set spam: a bot could otherwise file itself as a lead', async () => {
    const before = await rowCount()
    const attempt = (row: object, headers: Record<string, string> = {}) =>
      app.inject({
        method: 'POST',
        url: CONTACT_SUBMISSIONS_PATH,
        headers: { ...CLIENT_HEADERS, ...headers },
        payload: JSON.stringify([row]),
        // Its own address, so refusals counted per address elsewhere do not add up here.
        remoteAddress: '127.0.0.5',
      })
    for (const spam of [false, true]) {
      const anon = await attempt({ ...validAnswers({ [HONEYPOT_FIELD]: 'https://spam.example' }), spam })
      expect(anon.statusCode).toBe(401)
      expect(anon.json()).toMatchObject({ code: '42501' })
      expect((await attempt({ ...validAnswers(), spam }, SERVICE)).statusCode).toBe(403)
    }
    expect(await rowCount()).toBe(before)
  })

  it.each(['', 'name,,email', 'name;drop', '"name'])(
    'refuses the malformed list %j with 400 PGRST100',
    async (columns) => {
      const response = await post(`?columns=${encodeURIComponent(columns)}`, [validAnswers()])
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({ code: 'PGRST100' })
    },
  )
})
