import { randomUUID } from 'node:crypto'
import { createClient, type SupabaseClient, type SupabaseClientOptions } from '@supabase/supabase-js'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { HONEYPOT_FIELD } from '../../common/contact-submission.ts'
import { validAnswers } from '../../common/testing/valid-answers.ts'
import { buildApp } from '../app.ts'
import { parseConfig } from '../config.ts'
import { useTempDatabase } from '../testing/use-temp-database.ts'

// The official client against this server: what works here works against a
// Supabase project with supabase/migrations applied, and the other way round.

const SERVICE_ROLE_KEY = 'service-role-key-for-supabase-js-tests'
const ANON_KEY = 'public-anon-key'

const temp = useTempDatabase()
let app: FastifyInstance
let anon: SupabaseClient
let service: SupabaseClient

// ws's typings differ from the browser WebSocket's in details the client never touches.
type Transport = NonNullable<NonNullable<SupabaseClientOptions<'public'>['realtime']>['transport']>

const client = (url: string, key: string) =>
  createClient(url, key, {
    // Node 20 has no global WebSocket; the client wants one even when realtime is unused.
    realtime: { transport: WebSocket as unknown as Transport },
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  })

beforeAll(async () => {
  app = buildApp({ config: parseConfig({ SERVICE_ROLE_KEY, SUBMIT_RATE_LIMIT: '0' }), db: temp.db })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  if (address === null || typeof address === 'string') throw new Error('the server is not listening on a port')
  const url = `http://127.0.0.1:${address.port}`
  anon = client(url, ANON_KEY)
  service = client(url, SERVICE_ROLE_KEY)
})
afterAll(async () => {
  await Promise.all([anon.removeAllChannels(), service.removeAllChannels()])
  await app.close()
})

const application = (overrides: Parameters<typeof validAnswers>[0] = {}) =>
  validAnswers({ submission_id: randomUUID(), [HONEYPOT_FIELD]: '', ...overrides })

describe('@supabase/supabase-js against this server', () => {
  it('inserts an application with the anon key', async () => {
    const row = application({ instagram: '@from.supabase.js' })
    const { error, status } = await anon.from('contact_submissions').insert([row])
    expect(error).toBeNull()
    expect(status).toBe(201)
    const stored = await temp.db.query('SELECT * FROM contact_submissions WHERE submission_id = $1', [
      row.submission_id,
    ])
    expect(stored).toEqual([expect.objectContaining(row)])
  })

  it('reports a repeated submission_id as 23505, which the page counts as stored', async () => {
    const row = application()
    expect((await anon.from('contact_submissions').insert([row])).error).toBeNull()
    const { error, status } = await anon.from('contact_submissions').insert([row])
    expect(status).toBe(409)
    expect(error).toMatchObject({
      code: '23505',
      message: 'duplicate key value violates unique constraint "contact_submissions_submission_id_key"',
    })
    expect(error?.details).not.toContain(row.submission_id)
  })

  it('succeeds for a bot that fills the honeypot, and stores its row as spam', async () => {
    const row = application({ [HONEYPOT_FIELD]: 'https://spam.example' })
    const { error, status } = await anon.from('contact_submissions').insert([row])
    expect(error).toBeNull()
    expect(status).toBe(201)
    expect(
      await temp.db.query('SELECT spam FROM contact_submissions WHERE submission_id = $1', [row.submission_id]),
    ).toEqual([{ spam: true }])
  })

  it('passes constraint failures through with PostgreSQL’s code', async () => {
    const { error, status } = await anon.from('contact_submissions').insert([application({ email: '   ' })])
    expect(status).toBe(400)
    expect(error?.code).toBe('23514')
  })

  it('refuses anon reads, updates and deletes with 401', async () => {
    const select = await anon.from('contact_submissions').select('*')
    expect(select.status).toBe(401)
    expect(select.error?.code).toBe('42501')
    expect(select.data).toBeNull()

    const before = await temp.db.query('SELECT count(*)::int AS n FROM contact_submissions')
    const update = await anon.from('contact_submissions').update({ name: 'Mallory' }).gt('id', 0)
    expect(update.status).toBe(401)
    expect(update.error?.code).toBe('42501')
    const remove = await anon.from('contact_submissions').delete().gt('id', 0)
    expect(remove.status).toBe(401)
    expect(remove.error?.code).toBe('42501')
    expect(await temp.db.query('SELECT count(*)::int AS n FROM contact_submissions')).toEqual(before)
    expect(await temp.db.query("SELECT 1 FROM contact_submissions WHERE name = 'Mallory'")).toEqual([])
  })

  it('lets the service-role key read rows, ordered and paged, with an exact count', async () => {
    const newest = application({ instagram: '@newest.via.service' })
    expect((await anon.from('contact_submissions').insert([newest])).error).toBeNull()
    // Reads are of leads: the honeypot's catch stays out unless asked for.
    const [{ n: total } = { n: 0 }] = await temp.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM contact_submissions WHERE NOT spam',
    )

    const { data, error, status, count } = await service
      .from('contact_submissions')
      .select('id, instagram, submission_id', { count: 'exact' })
      .order('id', { ascending: false })
      .limit(2)
    expect(error).toBeNull()
    expect(status).toBe(200)
    expect(count).toBe(total)
    expect(data).toHaveLength(2)
    expect(data?.[0]).toEqual({
      id: expect.any(Number),
      instagram: '@newest.via.service',
      submission_id: newest.submission_id,
    })
    expect(data?.[0]?.id).toBeGreaterThan(data?.[1]?.id ?? Infinity)

    const all = await service.from('contact_submissions').select('*')
    expect(all.error).toBeNull()
    expect(all.data).toHaveLength(total)
  })

  it('answers a head-only count for the service role', async () => {
    const { count, error } = await service.from('contact_submissions').select('*', { count: 'exact', head: true })
    expect(error).toBeNull()
    expect(count).toBeGreaterThan(0)
  })
})
