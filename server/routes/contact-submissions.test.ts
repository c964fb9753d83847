import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CONTACT_FIELDS, CONTACT_SUBMISSIONS_PATH, FIELD_MAX_LENGTH } from '../../common/contact-submission.ts'
import { buildApp } from '../app.ts'
import { parseConfig } from '../config.ts'
import { openTempDatabase, type TempDatabase } from '../testing/temp-database.ts'
import { validSubmission } from '../testing/valid-submission.ts'

const SERVICE_ROLE_KEY = 'service-role-key-for-tests-0123456789'
const ANON_KEY = 'public-anon-key'
// What supabase-js sends with `from('contact_submissions').insert([answers])`.
const CLIENT_HEADERS = {
  apikey: ANON_KEY,
  authorization: `Bearer ${ANON_KEY}`,
  'content-type': 'application/json',
  'content-profile': 'public',
  'x-client-info': 'supabase-js-web/2.0.0',
}
const COLUMNS = `?columns=${CONTACT_FIELDS.map((field) => `"${field}"`).join(',')}`
const SERVICE = { apikey: SERVICE_ROLE_KEY }

let temp: TempDatabase
let app: FastifyInstance
beforeAll(async () => {
  temp = await openTempDatabase()
  app = buildApp({ config: parseConfig({ SERVICE_ROLE_KEY }), db: temp.db })
  await app.ready()
})
afterAll(async () => {
  await app.close()
  await temp.dispose()
})

const submit = (body: unknown, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url: CONTACT_SUBMISSIONS_PATH + COLUMNS,
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
    const response = await submit([validSubmission({ name: '  Grace Hopper \n', email: ' grace@example.com ' })])
    expect(response.statusCode).toBe(201)
    expect(response.body).toBe('')
    expect(await latestRow()).toMatchObject({
      ...validSubmission(),
      name: 'Grace Hopper',
      email: 'grace@example.com',
    })
  })

  it.each([undefined, '', 'return=minimal'])('answers 201 with no body when Prefer is %j', async (prefer) => {
    const response = await submit([validSubmission()], prefer === undefined ? {} : { prefer })
    expect(response.statusCode).toBe(201)
    expect(response.body).toBe('')
  })

  it('accepts a bare object, as PostgREST does', async () => {
    const before = await rowCount()
    const response = await submit(validSubmission({ instagram: '@bare' }))
    expect(response.statusCode).toBe(201)
    expect(await rowCount()).toBe((before ?? 0) + 1)
    expect(await latestRow()).toMatchObject({ instagram: '@bare' })
  })

  it('accepts a body without Content-Type as JSON, as PostgREST does', async () => {
    const response = await app.inject({
      method: 'POST',
      url: CONTACT_SUBMISSIONS_PATH,
      payload: JSON.stringify([validSubmission({ instagram: '@untyped' })]),
    })
    expect(response.statusCode).toBe(201)
    expect(await latestRow()).toMatchObject({ instagram: '@untyped' })
  })

  it('answers with the inserted rows for Prefer: return=representation', async () => {
    const response = await submit([validSubmission({ name: ' Katherine Johnson ' })], {
      prefer: 'return=representation',
    })
    expect(response.statusCode).toBe(201)
    expect(response.headers['content-type']).toMatch(/^application\/json/)
    const rows = response.json<Record<string, unknown>[]>()
    expect(rows).toHaveLength(1)
    const stored = await latestRow()
    expect(rows[0]).toEqual({
      ...validSubmission(),
      name: 'Katherine Johnson',
      id: stored?.id,
      created_at: expect.any(String),
    })
    expect(Object.keys(rows[0] ?? {})).toEqual(['id', 'created_at', ...CONTACT_FIELDS])
  })

  it('limits the representation to the columns in `select`', async () => {
    const response = await app.inject({
      method: 'POST',
      url: `${CONTACT_SUBMISSIONS_PATH}?select=id,name`,
      headers: { ...CLIENT_HEADERS, prefer: 'return=representation' },
      payload: JSON.stringify([validSubmission()]),
    })
    expect(response.statusCode).toBe(201)
    expect(response.json()).toEqual([{ id: expect.any(Number), name: validSubmission().name }])
  })

  it('checks `select` before inserting anything', async () => {
    const before = await rowCount()
    const response = await app.inject({
      method: 'POST',
      url: `${CONTACT_SUBMISSIONS_PATH}?select=password`,
      headers: { ...CLIENT_HEADERS, prefer: 'return=representation' },
      payload: JSON.stringify([validSubmission()]),
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
      ['two rows', JSON.stringify([validSubmission({ name: SECRET }), validSubmission()]), 400, 'PGRST102'],
      ['no rows', '[]', 400, 'PGRST102'],
      ['an unknown key', JSON.stringify([validSubmission({ website: SECRET } as object)]), 400, 'PGRST204'],
      ['a missing field', JSON.stringify([{ ...validSubmission({ name: SECRET }), email: undefined }]), 400, '23502'],
      ['a null field', JSON.stringify([validSubmission({ name: SECRET, email: null })]), 400, '23502'],
      ['a blank field', JSON.stringify([validSubmission({ name: SECRET, email: ' \t ' })]), 400, '23514'],
      [
        'a field over its limit',
        JSON.stringify([validSubmission({ name: SECRET, phone: SECRET.repeat(FIELD_MAX_LENGTH.phone) })]),
        400,
        '23514',
      ],
      ['a number for text', JSON.stringify([validSubmission({ name: SECRET, phone: 4420794609 })]), 400, '22P02'],
      ['an object for text', JSON.stringify([validSubmission({ challenges: { text: SECRET } })]), 400, '22P02'],
      ['a NUL character', JSON.stringify([validSubmission({ challenges: `${SECRET}\u0000` })]), 400, '22021'],
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
      const { email: _email, ...withoutEmail } = validSubmission()
      const response = await submit([withoutEmail])
      expect(response.json()).toMatchObject({
        code: '23502',
        message: 'null value in column "email" of relation "contact_submissions" violates not-null constraint',
        details: null,
      })
    })

    it('reports a wrong type before a missing field, and a missing field before a blank one', async () => {
      const { name: _name, ...rest } = validSubmission({ budget: '   ', challenges: 7 })
      expect((await submit([rest])).json()).toMatchObject({ code: '22P02' })
      expect((await submit([{ ...rest, challenges: 'fine' }])).json()).toMatchObject({ code: '23502' })
    })

    it('names an unknown column like PostgREST, without echoing odd keys', async () => {
      const named = await submit([{ ...validSubmission(), website: 'x' }])
      expect(named.json()).toMatchObject({
        code: 'PGRST204',
        message: "Could not find the 'website' column of 'contact_submissions' in the schema cache",
      })
      const odd = await submit([{ ...validSubmission(), [`<b>${SECRET}</b>`]: 'x' }])
      expect(odd.json()).toMatchObject({ code: 'PGRST204' })
      expect(odd.body).not.toContain(SECRET)
    })
  })

  it('refuses a body over 16 KiB with 413 in PostgREST’s shape', async () => {
    const response = await submit([validSubmission({ challenges: 'x'.repeat(17 * 1024) })])
    expect(response.statusCode).toBe(413)
    expect(response.json()).toEqual({ code: '54000', message: 'Payload too large', details: expect.any(String), hint: null })
  })

  it('refuses media types it cannot read with 415', async () => {
    const response = await submit('instagram=x', { 'content-type': 'application/x-www-form-urlencoded' })
    expect(response.statusCode).toBe(415)
    expect(response.json()).toMatchObject({ code: 'PGRST107' })
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
    await submit([validSubmission({ instagram: '@newest' })])
    const response = await read('?select=*&order=id.desc&limit=1')
    expect(response.statusCode).toBe(200)
    const rows = response.json<Record<string, unknown>[]>()
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ ...validSubmission({ instagram: '@newest' }), id: expect.any(Number) })
    expect(rows[0]?.created_at).toMatch(/^\d{4}-\d\d-\d\dT/)
    expect(response.headers['content-range']).toBe('0-0/*')
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
