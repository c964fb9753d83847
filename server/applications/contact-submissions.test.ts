import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { CONTACT_FIELDS, FIELD_MAX_LENGTH } from '../../common/application-form.ts'
import { CONTACT_SUBMISSIONS_PATH, HONEYPOT_FIELD, HONEYPOT_MAX_LENGTH } from '../../common/contact-submission.ts'
import { validAnswers } from '../../common/testing/valid-answers.ts'
import { CLIENT_HEADERS, columnsOf, LONG, useSubmissionApp, SERVICE } from '../testing/submission-app.ts'
import type { TempDatabase } from '../testing/temp-database.ts'
import { SUBMISSION_BODY_LIMIT } from './contact-submissions.ts'

let temp: TempDatabase
let app: FastifyInstance
const { submit, latestRow, rowCount, rowsWithSubmissionId } = useSubmissionApp((suite) => {
  ;({ temp, app } = suite)
})

describe('POST /rest/v1/contact_submissions', () => {
  it('stores the application trimmed and answers 201 with no body', async () => {
    const response = await submit([validAnswers({ name: '  Grace Hopper \n', email: ' grace@example.com ' })])
    expect(response.statusCode).toBe(201)
    expect(response.body).toBe('')
    expect(await latestRow()).toMatchObject({
      ...validAnswers(),
      name: 'Grace Hopper',
      email: 'grace@example.com',
    })
  })

  it.each([undefined, '', 'return=minimal'])('answers 201 with no body when Prefer is %j', async (prefer) => {
    const response = await submit([validAnswers()], prefer === undefined ? {} : { prefer })
    expect(response.statusCode).toBe(201)
    expect(response.body).toBe('')
  })

  it('accepts a bare object, as PostgREST does', async () => {
    const before = await rowCount()
    const response = await submit(validAnswers({ instagram: '@bare' }))
    expect(response.statusCode).toBe(201)
    expect(await rowCount()).toBe((before ?? 0) + 1)
    expect(await latestRow()).toMatchObject({ instagram: '@bare' })
  })

  it('accepts a body without Content-Type as JSON, as PostgREST does', async () => {
    const response = await app.inject({
      method: 'POST',
      url: CONTACT_SUBMISSIONS_PATH,
      payload: JSON.stringify([validAnswers({ instagram: '@untyped' })]),
    })
    expect(response.statusCode).toBe(201)
    expect(await latestRow()).toMatchObject({ instagram: '@untyped' })
  })

  it('answers with the inserted rows for Prefer: return=representation', async () => {
    const response = await submit([validAnswers({ name: ' Katherine Johnson ' })], {
      ...SERVICE,
      prefer: 'return=representation',
    })
    expect(response.statusCode).toBe(201)
    expect(response.headers['content-type']).toMatch(/^application\/json/)
    const rows = response.json<Record<string, unknown>[]>()
    expect(rows).toHaveLength(1)
    const stored = await latestRow()
    expect(rows[0]).toEqual({
      ...validAnswers(),
      name: 'Katherine Johnson',
      id: stored?.id,
      created_at: expect.any(String),
      submission_id: stored?.submission_id,
      [HONEYPOT_FIELD]: null,
      spam: false,
      attribution: null,
    })
    expect(Object.keys(rows[0] ?? {})).toEqual([
      'id',
      'created_at',
      ...CONTACT_FIELDS,
      'submission_id',
      HONEYPOT_FIELD,
      'spam',
      'attribution',
    ])
  })

  it('limits the representation to the columns in `select`', async () => {
    const response = await app.inject({
      method: 'POST',
      url: `${CONTACT_SUBMISSIONS_PATH}?select=id,name`,
      headers: { ...CLIENT_HEADERS, ...SERVICE, prefer: 'return=representation' },
      payload: JSON.stringify([validAnswers()]),
    })
    expect(response.statusCode).toBe(201)
    expect(response.json()).toEqual([{ id: expect.any(Number), name: validAnswers().name }])
  })

  it('checks `select` before inserting anything', async () => {
    const before = await rowCount()
    const response = await app.inject({
      method: 'POST',
      url: `${CONTACT_SUBMISSIONS_PATH}?select=password`,
      headers: { ...CLIENT_HEADERS, ...SERVICE, prefer: 'return=representation' },
      payload: JSON.stringify([validAnswers()]),
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ code: '42703' })
    expect(await rowCount()).toBe(before)
  })

  describe('refuses bad bodies in PostgREST’s shape, storing nothing', () => {
    const SECRET = 'SECRET-VALUE-7f3a'
    const cases: [string, string, number, string][] = [
      ['invalid JSON', `[{"name": "${SECRET}"`, 400, 'PGRST102'],
      ['an empty body', '', 400, 'PGRST102'],
      ['JSON that is not an object', JSON.stringify([SECRET]), 400, 'PGRST102'],
      ['two rows', JSON.stringify([validAnswers({ name: SECRET }), validAnswers()]), 400, 'PGRST102'],
      ['no rows', '[]', 400, 'PGRST102'],
      ['an unknown key', JSON.stringify([{ ...validAnswers(), nickname: SECRET }]), 400, 'PGRST204'],
      ['a missing field', JSON.stringify([{ ...validAnswers({ name: SECRET }), email: undefined }]), 400, '23502'],
      ['a null field', JSON.stringify([validAnswers({ name: SECRET, email: null })]), 400, '23502'],
      ['a blank field', JSON.stringify([validAnswers({ name: SECRET, email: ' \t ' })]), 400, '23514'],
      [
        'a field over its limit',
        JSON.stringify([validAnswers({ name: SECRET, phone: SECRET.repeat(FIELD_MAX_LENGTH.phone) })]),
        400,
        '23514',
      ],
      ['a number for text', JSON.stringify([validAnswers({ name: SECRET, phone: 4420794609 })]), 400, '22P02'],
      ['an object for text', JSON.stringify([validAnswers({ [LONG]: { text: SECRET } })]), 400, '22P02'],
      ['a NUL character', JSON.stringify([validAnswers({ [LONG]: `${SECRET}\u0000` })]), 400, '22021'],
    ]

    it.each(cases)('%s', async (_label, payload, status, code) => {
      const before = await rowCount()
      const response = await submit(payload)
      expect(response.statusCode).toBe(status)
      expect(response.json()).toEqual({
        code,
        message: expect.any(String),
        details: expect.toSatisfy((value) => value === null || typeof value === 'string'),
        hint: expect.toSatisfy((value) => value === null || typeof value === 'string'),
      })
      expect(response.body).not.toContain(SECRET)
      expect(response.body).not.toContain('4420794609')
      expect(await rowCount()).toBe(before)
    })

    it('names the failing column for a missing field', async () => {
      const { email: _email, ...withoutEmail } = validAnswers()
      const response = await submit([withoutEmail])
      expect(response.json()).toMatchObject({
        code: '23502',
        message: 'null value in column "email" of relation "contact_submissions" violates not-null constraint',
        details: null,
      })
    })

    it('reports a wrong type before a missing field, and a missing field before a blank one', async () => {
      const { name: _name, ...rest } = validAnswers({ budget: '   ', [LONG]: 7 })
      expect((await submit([rest])).json()).toMatchObject({ code: '22P02' })
      expect((await submit([{ ...rest, [LONG]: 'fine' }])).json()).toMatchObject({ code: '23502' })
    })

    it('names an unknown column like PostgREST, without echoing odd keys', async () => {
      const named = await submit([{ ...validAnswers(), nickname: 'x' }])
      expect(named.json()).toMatchObject({
        code: 'PGRST204',
        message: "Could not find the 'nickname' column of 'contact_submissions' in the schema cache",
      })
      const odd = await submit([{ ...validAnswers(), [`<b>${SECRET}</b>`]: 'x' }])
      expect(odd.json()).toMatchObject({ code: 'PGRST204' })
      expect(odd.body).not.toContain(SECRET)
    })
  })

  it('refuses a body over the limit with 413 in PostgREST’s shape', async () => {
    const response = await submit([validAnswers({ [LONG]: 'x'.repeat(SUBMISSION_BODY_LIMIT) })])
    expect(response.statusCode).toBe(413)
    expect(response.json()).toEqual({
      code: '54000',
      message: 'Payload too large',
      details: expect.any(String),
      hint: null,
    })
  })

  describe('takes every application the form allows, however it is written', () => {
    /** Each answer at its limit in code units, written with `character` (one or two units). */
    const atLimits = (character: string) =>
      Object.fromEntries(
        CONTACT_FIELDS.map((field) => [field, character.repeat(FIELD_MAX_LENGTH[field] / character.length)]),
      ) as Record<(typeof CONTACT_FIELDS)[number], string>

    const expectStoredIntact = async (row: Record<string, unknown>) => {
      expect(await rowsWithSubmissionId(row.submission_id as string)).toEqual([expect.objectContaining(row)])
    }

    it('every answer at its limit in 4-byte characters', async () => {
      const row = { ...atLimits('𠀀'), submission_id: randomUUID(), [HONEYPOT_FIELD]: '' }
      expect(row[LONG]).toHaveLength(FIELD_MAX_LENGTH[LONG])
      const response = await submit([row])
      expect(response.statusCode).toBe(201)
      await expectStoredIntact({ ...row, spam: false })
      const [sizes] = await temp.db.query<{ characters: number; bytes: number }>(
        `SELECT char_length(${LONG}) AS characters, octet_length(${LONG}) AS bytes FROM contact_submissions WHERE submission_id = $1`,
        [row.submission_id],
      )
      expect(sizes).toEqual({ characters: FIELD_MAX_LENGTH[LONG] / 2, bytes: FIELD_MAX_LENGTH[LONG] * 2 })
    })

    it('long answers in Chinese: 600 characters of 3 bytes, and the long answer at its limit', async () => {
      const row = validAnswers({
        submission_id: randomUUID(),
        business: '企'.repeat(600),
        [LONG]: '难'.repeat(FIELD_MAX_LENGTH[LONG]),
      })
      expect((await submit([row])).statusCode).toBe(201)
      await expectStoredIntact(row)
    })

    it('the largest body of all: every answer and the honeypot at their limits in characters JSON escapes in six bytes', async () => {
      const row = {
        ...atLimits('\u0001'),
        submission_id: randomUUID(),
        [HONEYPOT_FIELD]: '\u0001'.repeat(HONEYPOT_MAX_LENGTH),
      }
      const body = JSON.stringify([row])
      expect(Buffer.byteLength(body)).toBeGreaterThan(6 * FIELD_MAX_LENGTH[LONG])
      expect(Buffer.byteLength(body)).toBeLessThanOrEqual(SUBMISSION_BODY_LIMIT)
      expect((await submit(body, {}, columnsOf([row]))).statusCode).toBe(201)
      await expectStoredIntact({ ...row, spam: true })
    })

    it('up to the limit to the byte, and no further', async () => {
      const row = validAnswers({ submission_id: randomUUID() })
      const json = JSON.stringify([row])
      const padded = (bytes: number) => json + ' '.repeat(bytes - Buffer.byteLength(json))
      expect((await submit(padded(SUBMISSION_BODY_LIMIT), {}, columnsOf([row]))).statusCode).toBe(201)
      await expectStoredIntact(row)
      const over = await submit(
        padded(SUBMISSION_BODY_LIMIT + 1),
        {},
        columnsOf([{ ...row, submission_id: randomUUID() }]),
      )
      expect(over.statusCode).toBe(413)
      expect(over.json()).toMatchObject({ code: '54000' })
    })
  })

  it('refuses media types it cannot read with 415', async () => {
    const response = await submit('instagram=x', { 'content-type': 'application/x-www-form-urlencoded' })
    expect(response.statusCode).toBe(415)
    expect(response.json()).toMatchObject({ code: 'PGRST107' })
  })
})
