import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { randomUUID } from 'node:crypto'
import { connect } from 'node:net'
import { CONTACT_FIELDS, FIELD_MAX_LENGTH, applicationForm } from '../../common/application-form.ts'
import { CONTACT_SUBMISSIONS_PATH, HONEYPOT_FIELD, HONEYPOT_MAX_LENGTH } from '../../common/contact-submission.ts'
import { buildApp } from '../app.ts'
import { parseConfig } from '../config.ts'
import { SUBMISSION_BODY_LIMIT } from './contact-submissions.ts'
import { openTempDatabase, type TempDatabase } from '../testing/temp-database.ts'
import { validAnswers } from '../../common/testing/valid-answers.ts'

const SERVICE_ROLE_KEY = 'service-role-key-for-tests-0123456789'
// The long answer: the question with the most room.
const LONG = applicationForm.find((field) => field.kind === 'long-text')?.key ?? 'name'
const ANON_KEY = 'public-anon-key'
// What supabase-js sends with `from('contact_submissions').insert([answers])`.
const CLIENT_HEADERS = {
  apikey: ANON_KEY,
  authorization: `Bearer ${ANON_KEY}`,
  'content-type': 'application/json',
  'content-profile': 'public',
  'x-client-info': 'supabase-js-web/2.0.0',
}
const SERVICE = { apikey: SERVICE_ROLE_KEY }

// supabase-js lists the keys of the rows it inserts in `columns`.
const columnsOf = (body: unknown) => {
  if (!Array.isArray(body)) return ''
  const keys = [...new Set(body.flatMap((row: object) => Object.keys(row)))]
  return keys.length > 0 ? `?columns=${encodeURIComponent(keys.map((key) => `"${key}"`).join(','))}` : ''
}

let temp: TempDatabase
let app: FastifyInstance
beforeAll(async () => {
  temp = await openTempDatabase()
  // The rate limit has its own tests (plugins/rate-limit.test.ts); here it would get in the way.
  app = buildApp({ config: parseConfig({ SERVICE_ROLE_KEY, SUBMIT_RATE_LIMIT: '0' }), db: temp.db })
  await app.ready()
})
afterAll(async () => {
  await app.close()
  await temp.dispose()
})
// Many tests here refuse requests for want of the key, all from one address; the
// wrong-key throttle has its own tests (rest/wrong-key-throttle.test.ts).
beforeEach(async () => {
  await temp.db.query('DELETE FROM rate_limit_hits')
})

const submit = (body: unknown, headers: Record<string, string> = {}, query = columnsOf(body)) =>
  app.inject({
    method: 'POST',
    url: CONTACT_SUBMISSIONS_PATH + query,
    headers: { ...CLIENT_HEADERS, ...headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  })

const latestRow = async () => {
  const rows = await temp.db.query('SELECT * FROM contact_submissions ORDER BY id DESC LIMIT 1')
  return rows[0]
}
const rowCount = async () => {
  const [row] = await temp.db.query<{ n: number }>('SELECT count(*)::int AS n FROM contact_submissions')
  return row?.n
}

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
    expect(Object.keys(rows[0] ?? {})).toEqual(['id', 'created_at', ...CONTACT_FIELDS, 'submission_id', HONEYPOT_FIELD, 'spam', 'attribution'])
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
    expect(response.json()).toEqual({ code: '54000', message: 'Payload too large', details: expect.any(String), hint: null })
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
      const row = validAnswers({ submission_id: randomUUID(), business: '企'.repeat(600), [LONG]: '难'.repeat(FIELD_MAX_LENGTH[LONG]) })
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
      const over = await submit(padded(SUBMISSION_BODY_LIMIT + 1), {}, columnsOf([{ ...row, submission_id: randomUUID() }]))
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

const rowsWithSubmissionId = async (submissionId: string) => {
  const rows = await temp.db.query('SELECT * FROM contact_submissions WHERE submission_id = $1', [submissionId])
  return rows
}

describe('retries: submission_id', () => {
  it('stores the submission_id the client chose', async () => {
    const submissionId = randomUUID()
    const response = await submit([validAnswers({ submission_id: submissionId, [HONEYPOT_FIELD]: '' })])
    expect(response.statusCode).toBe(201)
    expect(await rowsWithSubmissionId(submissionId)).toEqual([
      expect.objectContaining({ ...validAnswers(), submission_id: submissionId, [HONEYPOT_FIELD]: '', spam: false }),
    ])
  })

  it('answers a repeat with PostgREST’s 409 for a unique violation, without the id, and stores nothing more', async () => {
    const submissionId = randomUUID()
    expect((await submit([validAnswers({ submission_id: submissionId })])).statusCode).toBe(201)
    const before = await rowCount()
    for (const prefer of ['return=minimal', 'return=representation']) {
      const repeat = await submit([validAnswers({ submission_id: submissionId, name: 'Changed Mind' })], {
        ...SERVICE,
        prefer,
      })
      expect(repeat.statusCode).toBe(409)
      expect(repeat.json()).toEqual({
        code: '23505',
        message: 'duplicate key value violates unique constraint "contact_submissions_submission_id_key"',
        details: 'Key (submission_id) already exists.',
        hint: null,
      })
      expect(repeat.body).not.toContain(submissionId)
    }
    expect(await rowCount()).toBe(before)
    expect(await rowsWithSubmissionId(submissionId)).toEqual([expect.objectContaining({ name: validAnswers().name })])
  })

  it('gives each application without a submission_id an id of its own', async () => {
    const first = await submit([validAnswers()], { ...SERVICE, prefer: 'return=representation' })
    const second = await submit([validAnswers()], { ...SERVICE, prefer: 'return=representation' })
    const [a] = first.json<{ submission_id: string }[]>()
    const [b] = second.json<{ submission_id: string }[]>()
    expect(a?.submission_id).toMatch(/^[0-9a-f-]{36}$/)
    expect(b?.submission_id).toMatch(/^[0-9a-f-]{36}$/)
    expect(a?.submission_id).not.toBe(b?.submission_id)
  })

  it('reads every spelling of a uuid PostgreSQL reads, as the same uuid', async () => {
    const hex = randomUUID().replaceAll('-', '')
    expect((await submit([validAnswers({ submission_id: hex })])).statusCode).toBe(201)
    expect((await submit([validAnswers({ submission_id: `{${hex.toUpperCase()}}` })])).statusCode).toBe(409)
    const canonical = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
    expect(await rowsWithSubmissionId(canonical)).toHaveLength(1)
  })

  it.each([
    ['not a uuid', 'SECRET-not-a-uuid', '22P02'],
    ['a number', 12345, '22P02'],
    ['null', null, '23502'],
  ])('refuses %s as submission_id without echoing it', async (_label, submissionId, code) => {
    const before = await rowCount()
    const response = await submit([validAnswers({ submission_id: submissionId })])
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ code })
    expect(response.body).not.toContain('SECRET')
    expect(await rowCount()).toBe(before)
  })
})

describe('the honeypot', () => {
  const filled = (overrides: Parameters<typeof validAnswers>[0] = {}) =>
    validAnswers({ submission_id: randomUUID(), [HONEYPOT_FIELD]: 'https://spam.example', ...overrides })

  it('stores an application that fills it, flagged as spam, exactly as sent', async () => {
    const row = filled()
    expect((await submit([row])).statusCode).toBe(201)
    expect(await rowsWithSubmissionId(row.submission_id as string)).toEqual([
      expect.objectContaining({ ...row, spam: true }),
    ])
  })

  it('treats a honeypot of spaces or null as empty, as the trigger does', async () => {
    for (const honeypot of ['   ', null]) {
      const submissionId = randomUUID()
      expect((await submit([validAnswers({ submission_id: submissionId, [HONEYPOT_FIELD]: honeypot })])).statusCode).toBe(201)
      expect(await rowsWithSubmissionId(submissionId)).toEqual([expect.objectContaining({ [HONEYPOT_FIELD]: honeypot, spam: false })])
    }
  })

  it('checks a spam row like any other: what breaks a constraint is refused, whichever the honeypot', async () => {
    const before = await rowCount()
    const { email: _email, ...withoutEmail } = filled()
    expect((await submit([withoutEmail])).json()).toMatchObject({ code: '23502' })
    expect((await submit([filled({ name: '   ' })])).json()).toMatchObject({ code: '23514' })
    expect((await submit([filled({ [HONEYPOT_FIELD]: 'w'.repeat(HONEYPOT_MAX_LENGTH + 1) })])).json()).toMatchObject({
      code: '23514',
      message: 'new row for relation "contact_submissions" violates check constraint "contact_submissions__gotcha_check"',
    })
    expect((await submit([filled({ [HONEYPOT_FIELD]: 7 })])).json()).toMatchObject({ code: '22P02' })
    expect(await rowCount()).toBe(before)
  })

  it('returns the spam row to the service role for return=representation, as PostgREST would', async () => {
    const row = filled()
    const response = await submit([row], { ...SERVICE, prefer: 'return=representation, count=exact' })
    expect(response.statusCode).toBe(201)
    expect(response.headers['content-range']).toBe('*/1')
    expect(response.json()).toEqual([expect.objectContaining({ ...row, spam: true })])
  })

  describe('answers byte for byte as it answers a person', () => {
    // What differs between any two answers, whatever they carry: the time.
    const PER_RESPONSE = /^date: .*\r\n/gim

    let origin: { host: string; port: number }
    let nextAddress = 10
    beforeAll(async () => {
      await app.listen({ host: '127.0.0.1', port: 0 })
      const address = app.server.address()
      if (address === null || typeof address === 'string') throw new Error('not listening on TCP')
      origin = { host: address.address, port: address.port }
    })

    /** The whole answer to one request, status line, headers and body, as the bytes that arrived. */
    const rawExchange = (body: string, headers: Record<string, string>, query: string, from: string) =>
      new Promise<Buffer>((resolve, reject) => {
        const payload = Buffer.from(body)
        const head = [
          `POST ${CONTACT_SUBMISSIONS_PATH}${query} HTTP/1.1`,
          `host: ${origin.host}:${origin.port}`,
          'connection: close',
          ...Object.entries({ ...CLIENT_HEADERS, ...headers }).map(([name, value]) => `${name}: ${value}`),
          `content-length: ${payload.length}`,
        ].join('\r\n')
        const socket = connect({ port: origin.port, host: origin.host, localAddress: from })
        const chunks: Buffer[] = []
        socket.on('data', (chunk: Buffer) => chunks.push(chunk))
        socket.on('end', () => resolve(Buffer.concat(chunks)))
        socket.on('error', reject)
        // Not end(): a client that stops sending before its answer has gone away, for Node.
        socket.write(Buffer.concat([Buffer.from(`${head}\r\n\r\n`), payload]))
      })

    /**
     * The answers to the same application sent with the honeypot empty and
     * filled, less each one's Date; each under a new submission_id unless the
     * row names one.
     */
    async function pair(row: Record<string, unknown>, headers: Record<string, string> = {}) {
      const person = { submission_id: randomUUID(), ...row, [HONEYPOT_FIELD]: '' }
      const bot = { submission_id: randomUUID(), ...row, [HONEYPOT_FIELD]: 'https://spam.example' }
      const query = columnsOf([person])
      // Each pair from a loopback address of its own, so limits counted per
      // address treat both alike, whatever other tests sent before.
      const from = `127.0.0.${nextAddress++}`
      const answer = async (sent: Record<string, unknown>) =>
        (await rawExchange(JSON.stringify([sent]), headers, query, from)).toString('latin1').replace(PER_RESPONSE, '')
      return { person, bot, fromPerson: await answer(person), fromBot: await answer(bot) }
    }

    const storedFlags = async (...rows: { submission_id?: unknown }[]) =>
      (
        await temp.db.query<{ spam: boolean }>(
          'SELECT spam FROM contact_submissions WHERE submission_id = ANY($1::uuid[]) ORDER BY spam',
          [rows.map((row) => row.submission_id)],
        )
      ).map((row) => row.spam)

    it.each([
      ['no Prefer', {}],
      ['an empty Prefer', { prefer: '' }],
      ['return=minimal', { prefer: 'return=minimal' }],
      ['count=exact', { prefer: 'count=exact' }],
      ['count=estimated', { prefer: 'count=estimated' }],
      ['count=planned', { prefer: 'count=planned' }],
      ['return=minimal, count=exact', { prefer: 'return=minimal, count=exact' }],
      ['missing=default, count=exact, handling=lenient', { prefer: 'missing=default, count=exact, handling=lenient' }],
      ['ignored and unknown preferences', { prefer: 'tx=rollback, timezone=UTC, count=exact, shiny=yes' }],
      ['the service role with count=exact', { ...SERVICE, prefer: 'return=minimal, count=exact' }],
    ])('stores both with %s, and answers both the same', async (_label, headers: Record<string, string>) => {
      const { person, bot, fromPerson, fromBot } = await pair(validAnswers(), headers)
      expect(fromPerson).toMatch(/^HTTP\/1\.1 201 /)
      expect(fromBot).toBe(fromPerson)
      expect(await storedFlags(person)).toEqual([false])
      expect(await storedFlags(bot)).toEqual([true])
    })

    it.each([
      ['return=representation', { prefer: 'return=representation' }, 401],
      ['return=headers-only', { prefer: 'return=headers-only' }, 401],
      ['return=representation, count=exact', { prefer: 'return=representation, count=exact' }, 401],
      ['an upsert', { prefer: 'resolution=merge-duplicates' }, 401],
      ['handling=strict with an unknown preference', { prefer: 'handling=strict, count=exact, shiny=yes' }, 400],
      ['another schema', { 'content-profile': 'private' }, 406],
      ['a form body', { 'content-type': 'application/x-www-form-urlencoded' }, 415],
    ])('refuses both alike for %s, storing neither', async (_label, headers: Record<string, string>, status) => {
      const { person, bot, fromPerson, fromBot } = await pair(validAnswers(), headers)
      expect(fromPerson).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `))
      expect(fromBot).toBe(fromPerson)
      expect(await storedFlags(person, bot)).toEqual([])
    })

    it.each([
      ['a blank answer', { name: '  ' }],
      ['a missing answer', { email: undefined }],
      ['an answer over its limit', { phone: 'x'.repeat(FIELD_MAX_LENGTH.phone + 1) }],
      ['a number for text', { phone: 4420794609 }],
      ['a NUL character', { [LONG]: 'a\u0000b' }],
      ['an unknown column', { nickname: 'x' }],
    ])('refuses both alike for %s', async (_label, overrides) => {
      const { fromPerson, fromBot } = await pair({ ...validAnswers(), ...overrides }, { prefer: 'count=exact' })
      expect(fromPerson).toMatch(/^HTTP\/1\.1 400 /)
      expect(fromBot).toBe(fromPerson)
    })

    it('answers a repeated submission_id alike: 409 for both', async () => {
      const row = validAnswers({ submission_id: randomUUID() })
      expect((await submit([row])).statusCode).toBe(201)
      const { fromPerson, fromBot } = await pair(row, { prefer: 'count=exact' })
      expect(fromPerson).toMatch(/^HTTP\/1\.1 409 /)
      expect(fromBot).toBe(fromPerson)
    })

    it('answers a body over the limit alike: 413 for both', async () => {
      const { fromPerson, fromBot } = await pair(validAnswers({ [LONG]: 'x'.repeat(SUBMISSION_BODY_LIMIT) }))
      expect(fromPerson).toMatch(/^HTTP\/1\.1 413 /)
      expect(fromBot).toBe(fromPerson)
    })
  })
})

describe('Prefer', () => {
  it.each(['return=representation', 'return=headers-only'])(
    'refuses %s to the anon role, which may not read rows back, and stores nothing',
    async (prefer) => {
      const before = await rowCount()
      const response = await submit([validAnswers()], { prefer })
      expect(response.statusCode).toBe(401)
      expect(response.json()).toMatchObject({ code: '42501' })
      expect(await rowCount()).toBe(before)
    },
  )

  it.each([
    [undefined, undefined],
    ['', undefined],
    ['return=minimal', 'return=minimal'],
    ['return=headers-only', 'return=headers-only'],
    ['return=representation', 'return=representation'],
    ['missing=default, return=minimal, count=exact', 'missing=default, return=minimal, count=exact'],
    ['count=planned,tx=rollback,timezone=UTC,max-affected=1,handling=lenient,nonsense', 'count=planned, handling=lenient'],
    ['return=minimal, return=representation', 'return=minimal'],
  ])('takes %j and answers 201 with Preference-Applied %j', async (prefer, applied) => {
    const before = await rowCount()
    // Only the service role may read rows back (return=representation / headers-only).
    const response = await submit([validAnswers()], prefer === undefined ? SERVICE : { ...SERVICE, prefer })
    expect(response.statusCode).toBe(201)
    expect(response.headers['preference-applied']).toBe(applied)
    expect(await rowCount()).toBe((before ?? 0) + 1)
  })

  it('sends Content-Range */* on an insert, with the count for count=exact', async () => {
    expect((await submit([validAnswers()])).headers['content-range']).toBe('*/*')
    expect((await submit([validAnswers()], { prefer: 'count=exact' })).headers['content-range']).toBe('*/1')
  })

  it('answers return=headers-only with the new row’s Location and no body', async () => {
    const response = await submit([validAnswers()], { ...SERVICE, prefer: 'return=headers-only' })
    expect(response.statusCode).toBe(201)
    expect(response.body).toBe('')
    const stored = await latestRow()
    expect(response.headers.location).toBe(`/contact_submissions?id=eq.${String(stored?.id)}`)
  })

  it('names the schema back for return=representation, as PostgREST does', async () => {
    const response = await submit([validAnswers()], { ...SERVICE, prefer: 'return=representation' })
    expect(response.headers['content-profile']).toBe('public')
  })

  it('refuses unknown preferences with handling=strict, storing nothing', async () => {
    const before = await rowCount()
    const response = await submit([validAnswers()], { prefer: 'handling=strict, return=minimal, shiny=yes' })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      code: 'PGRST122',
      message: 'Invalid preferences given with handling=strict',
      details: 'Invalid preferences: shiny=yes',
      hint: null,
    })
    expect(await rowCount()).toBe(before)
  })

  it.each(['resolution=ignore-duplicates', 'resolution=merge-duplicates'])(
    'refuses the upsert %s from anon with 401, as Supabase does for an insert-only role',
    async (prefer) => {
      const before = await rowCount()
      const response = await submit([validAnswers()], { prefer })
      expect(response.statusCode).toBe(401)
      expect(response.json()).toMatchObject({ code: '42501' })
      expect(await rowCount()).toBe(before)
    },
  )

  it('lets the service role upsert, which can only insert since id is always generated', async () => {
    const before = await rowCount()
    const response = await submit([validAnswers()], { ...SERVICE, prefer: 'resolution=merge-duplicates' })
    expect(response.statusCode).toBe(201)
    expect(response.headers['preference-applied']).toBe('resolution=merge-duplicates')
    expect(await rowCount()).toBe((before ?? 0) + 1)
  })
})

describe('the columns parameter', () => {
  const post = (query: string, body: unknown, headers: Record<string, string> = {}) => submit(body, headers, query)

  it('inserts only the listed columns and ignores the body’s other keys, as PostgREST does', async () => {
    const submissionId = randomUUID()
    const columns = `?columns=${[...CONTACT_FIELDS].join(',')}`
    const response = await post(columns, [{ ...validAnswers(), [HONEYPOT_FIELD]: 'ignored, not listed', favourite: 'x' }])
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

  it.each(['', 'name,,email', 'name;drop', '"name'])('refuses the malformed list %j with 400 PGRST100', async (columns) => {
    const response = await post(`?columns=${encodeURIComponent(columns)}`, [validAnswers()])
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ code: 'PGRST100' })
  })
})

describe('profiles', () => {
  it('refuses a schema other than public with 406 PGRST106', async () => {
    const before = await rowCount()
    const post = await submit([validAnswers()], { 'content-profile': 'private' })
    expect(post.statusCode).toBe(406)
    expect(post.json()).toEqual({
      code: 'PGRST106',
      message: 'Invalid schema: private',
      details: null,
      hint: 'Only the following schemas are exposed: public',
    })
    expect(await rowCount()).toBe(before)
    const get = await app.inject({
      url: CONTACT_SUBMISSIONS_PATH,
      headers: { ...SERVICE, 'accept-profile': 'auth' },
    })
    expect(get.statusCode).toBe(406)
  })
})

describe('reading and changing submissions', () => {
  const read = (query: string, headers: Record<string, string> = SERVICE) =>
    app.inject({ method: 'GET', url: `${CONTACT_SUBMISSIONS_PATH}${query}`, headers })

  const expectPermissionDenied = (response: Awaited<ReturnType<typeof read>>) => {
    expect(response.statusCode).toBe(401)
    expect(response.headers['www-authenticate']).toBe('Bearer')
    expect(response.json()).toEqual({
      code: '42501',
      message: 'permission denied for table contact_submissions',
      details: null,
      hint: null,
    })
  }

  it('lets the service role read the newest row, as the e2e tests do', async () => {
    await submit([validAnswers({ instagram: '@newest' })])
    const response = await read('?select=*&order=id.desc&limit=1')
    expect(response.statusCode).toBe(200)
    const rows = response.json<Record<string, unknown>[]>()
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ ...validAnswers({ instagram: '@newest' }), id: expect.any(Number) })
    expect(rows[0]?.created_at).toMatch(/^\d{4}-\d\d-\d\dT/)
    expect(response.headers['content-range']).toBe('0-0/*')
  })

  it('reads leads only, and counts only leads, unless asked for spam', async () => {
    const lead = validAnswers({ submission_id: randomUUID(), [HONEYPOT_FIELD]: '' })
    const spam = validAnswers({ submission_id: randomUUID(), [HONEYPOT_FIELD]: 'https://spam.example' })
    expect((await submit([lead])).statusCode).toBe(201)
    expect((await submit([spam])).statusCode).toBe(201)
    const [counts] = await temp.db.query<{ leads: number }>(
      'SELECT count(*) FILTER (WHERE NOT spam)::int AS leads FROM contact_submissions',
    )

    const everything = await read('?select=submission_id,spam&order=id.asc', { ...SERVICE, prefer: 'count=exact' })
    const rows = everything.json<{ submission_id: string; spam: boolean }[]>()
    expect(rows.map((row) => row.submission_id)).toContain(lead.submission_id)
    expect(rows.map((row) => row.submission_id)).not.toContain(spam.submission_id)
    expect(rows.every((row) => !row.spam)).toBe(true)
    expect(everything.headers['content-range']).toBe(`0-${rows.length - 1}/${counts?.leads}`)
    expect(await read(`?submission_id=eq.${String(spam.submission_id)}`)).toMatchObject({ body: '[]' })

    const asked = await read(`?spam=eq.true&submission_id=eq.${String(spam.submission_id)}`)
    expect(asked.json()).toEqual([expect.objectContaining({ ...spam, spam: true })])
  })

  it('accepts the key as a bearer token too', async () => {
    const response = await read('?limit=1', { apikey: ANON_KEY, authorization: `Bearer ${SERVICE_ROLE_KEY}` })
    expect(response.statusCode).toBe(200)
  })

  it('supports column lists, ordering, paging, filters and exact counts', async () => {
    const all = (await read('?select=id&order=id.asc')).json<{ id: number }[]>()
    expect(all.length).toBeGreaterThan(3)
    const ids = all.map((row) => row.id)
    expect(ids).toEqual([...ids].sort((a, b) => a - b))

    const page = await read('?select=id,name&order=id.asc&limit=2&offset=1', { ...SERVICE, prefer: 'count=exact' })
    expect(page.json()).toEqual([
      { id: ids[1], name: expect.any(String) },
      { id: ids[2], name: expect.any(String) },
    ])
    expect(page.headers['content-range']).toBe(`1-2/${ids.length}`)

    const filtered = await read(`?select=id&id=gt.${ids[0]}&id=lte.${ids[2]}`)
    expect(filtered.json()).toEqual([{ id: ids[1] }, { id: ids[2] }])
  })

  it.each([
    ['?select=password', '42703'],
    ['?order=password.desc', '42703'],
    ['?order=id.sideways', 'PGRST100'],
    ['?limit=-1', 'PGRST100'],
    ['?limit=1&limit=2', 'PGRST100'],
    ['?id=like.1', 'PGRST100'],
    ['?id=eq.not-a-number', '22P02'],
  ])('refuses %s with 400 %s', async (query, code) => {
    const response = await read(query)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ code })
  })

  it.each([
    ['no key', {}],
    ['the anon key', { apikey: ANON_KEY, authorization: `Bearer ${ANON_KEY}` }],
    ['a wrong key of the same length', { apikey: SERVICE_ROLE_KEY.replace(/.$/, '!') }],
    ['a prefix of the key', { apikey: SERVICE_ROLE_KEY.slice(0, -1) }],
  ])('refuses to read with %s: 401', async (_label, headers: Record<string, string>) => {
    expectPermissionDenied(await read('?select=*', headers))
  })

  it.each(['PATCH', 'PUT', 'DELETE'] as const)('refuses %s from anon with 401 and changes nothing', async (method) => {
    const before = await rowCount()
    const response = await app.inject({
      method,
      url: `${CONTACT_SUBMISSIONS_PATH}?id=gt.0`,
      headers: CLIENT_HEADERS,
      payload: JSON.stringify({ name: 'changed' }),
    })
    expectPermissionDenied(response)
    expect(await rowCount()).toBe(before)
  })

  it('does not change rows even for the service role', async () => {
    const response = await app.inject({ method: 'DELETE', url: `${CONTACT_SUBMISSIONS_PATH}?id=gt.0`, headers: SERVICE })
    expect(response.statusCode).toBe(405)
    expect(response.json()).toMatchObject({ code: 'PGRST117' })
    expect(await rowCount()).toBeGreaterThan(0)
  })

  it('lets nobody read when SERVICE_ROLE_KEY is unset', async () => {
    const keyless = buildApp({ config: parseConfig({}), db: temp.db })
    try {
      expectPermissionDenied(await keyless.inject({ method: 'GET', url: CONTACT_SUBMISSIONS_PATH, headers: SERVICE }))
      expectPermissionDenied(
        await keyless.inject({ method: 'GET', url: CONTACT_SUBMISSIONS_PATH, headers: { apikey: '', authorization: 'Bearer ' } }),
      )
    } finally {
      await keyless.close()
    }
  })

  it('answers unknown tables with PostgREST’s 404', async () => {
    const response = await app.inject({ method: 'GET', url: '/rest/v1/users', headers: SERVICE })
    expect(response.statusCode).toBe(404)
    expect(response.json()).toMatchObject({ code: 'PGRST205' })
  })
})
