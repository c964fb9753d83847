import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { CONTACT_SUBMISSIONS_PATH } from '../../common/contact-submission.ts'
import { validAnswers } from '../../common/testing/valid-answers.ts'
import { useSubmissionApp, SERVICE } from '../testing/submission-app.ts'

let app: FastifyInstance
const { submit, latestRow, rowCount } = useSubmissionApp((suite) => {
  ;({ app } = suite)
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
    [
      'count=planned,tx=rollback,timezone=UTC,max-affected=1,handling=lenient,nonsense',
      'count=planned, handling=lenient',
    ],
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
