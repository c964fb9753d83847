import { randomUUID } from 'node:crypto'
import { connect } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { beforeAll, describe, expect, it } from 'vitest'
import { FIELD_MAX_LENGTH } from '../../common/application-form.ts'
import { CONTACT_SUBMISSIONS_PATH, HONEYPOT_FIELD, HONEYPOT_MAX_LENGTH } from '../../common/contact-submission.ts'
import { validAnswers } from '../../common/testing/valid-answers.ts'
import { CLIENT_HEADERS, columnsOf, LONG, useSubmissionApp, SERVICE } from '../testing/submission-app.ts'
import type { TempDatabase } from '../testing/temp-database.ts'
import { SUBMISSION_BODY_LIMIT } from './contact-submissions.ts'

let temp: TempDatabase
let app: FastifyInstance
const { submit, rowCount, rowsWithSubmissionId } = useSubmissionApp((suite) => {
  ;({ temp, app } = suite)
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
      expect(
        (await submit([validAnswers({ submission_id: submissionId, [HONEYPOT_FIELD]: honeypot })])).statusCode,
      ).toBe(201)
      expect(await rowsWithSubmissionId(submissionId)).toEqual([
        expect.objectContaining({ [HONEYPOT_FIELD]: honeypot, spam: false }),
      ])
    }
  })

  it('checks a spam row like any other: what breaks a constraint is refused, whichever the honeypot', async () => {
    const before = await rowCount()
    const { email: _email, ...withoutEmail } = filled()
    expect((await submit([withoutEmail])).json()).toMatchObject({ code: '23502' })
    expect((await submit([filled({ name: '   ' })])).json()).toMatchObject({ code: '23514' })
    expect((await submit([filled({ [HONEYPOT_FIELD]: 'w'.repeat(HONEYPOT_MAX_LENGTH + 1) })])).json()).toMatchObject({
      code: '23514',
      message:
        'new row for relation "contact_submissions" violates check constraint "contact_submissions__gotcha_check"',
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
