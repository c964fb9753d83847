import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { CONTACT_SUBMISSIONS_PATH, HONEYPOT_FIELD } from '../../common/contact-submission.ts'
import { validAnswers } from '../../common/testing/valid-answers.ts'
import { buildApp } from '../app.ts'
import { parseConfig } from '../config.ts'
import { ANON_KEY, CLIENT_HEADERS, useSubmissionApp, SERVICE, SERVICE_ROLE_KEY } from '../testing/submission-app.ts'
import type { TempDatabase } from '../testing/temp-database.ts'

let temp: TempDatabase
let app: FastifyInstance
const { submit, rowCount } = useSubmissionApp(async (suite) => {
  ;({ temp, app } = suite)
  // The reads below page and filter through more applications than their own tests store.
  for (let index = 0; index < 3; index++) await submit([validAnswers()])
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
    const response = await app.inject({
      method: 'DELETE',
      url: `${CONTACT_SUBMISSIONS_PATH}?id=gt.0`,
      headers: SERVICE,
    })
    expect(response.statusCode).toBe(405)
    expect(response.json()).toMatchObject({ code: 'PGRST117' })
    expect(await rowCount()).toBeGreaterThan(0)
  })

  it('lets nobody read when SERVICE_ROLE_KEY is unset', async () => {
    const keyless = buildApp({ config: parseConfig({}), db: temp.db })
    try {
      expectPermissionDenied(await keyless.inject({ method: 'GET', url: CONTACT_SUBMISSIONS_PATH, headers: SERVICE }))
      expectPermissionDenied(
        await keyless.inject({
          method: 'GET',
          url: CONTACT_SUBMISSIONS_PATH,
          headers: { apikey: '', authorization: 'Bearer ' },
        }),
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
