import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { HONEYPOT_FIELD } from '../../common/contact-submission.ts'
import { validAnswers } from '../../common/testing/valid-answers.ts'
import { useSubmissionApp, SERVICE } from '../testing/submission-app.ts'

const { submit, rowCount, rowsWithSubmissionId } = useSubmissionApp()

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
