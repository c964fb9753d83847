import { randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CONTACT_SUBMISSIONS_PATH } from '../../common/contact-submission.ts'
import { validAnswers } from '../../common/testing/valid-answers.ts'
import { buildApp } from '../app.ts'
import { parseConfig } from '../config.ts'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { emailHeader } from '../testing/email-message.ts'
import { startPlainSmtp, type PlainSmtpMessage } from '../testing/plain-smtp.ts'
import { CLIENT_HEADERS, columnsOf } from '../testing/submission-app.ts'
import { useTempDatabase } from '../testing/use-temp-database.ts'
import { addressSha256 } from './applicant-address.ts'
import { claimFollowUp } from './follow-up-claim.ts'
import { queueFollowUps } from './follow-up-sweep.ts'

// Attacks on the follow-up email, through the real insert, sweep, notifier and
// SMTP exchange: whatever an anonymous applicant types as their email, the
// agency's SMTP server is asked to deliver to exactly one address, or none.

const AFTER_MINUTES = 30
const PUBLIC_URL = 'https://apply.agency.example'
/** The team's own inbox, which hears of every lead by email: mail there is not mail to an applicant. */
const TEAM = 'sales@agency.example'

const temp = useTempDatabase()
let smtp: Awaited<ReturnType<typeof startPlainSmtp>>
let app: FastifyInstance
beforeAll(async () => {
  smtp = await startPlainSmtp({ user: 'mailer', password: 'secret' })
  app = buildApp({
    config: parseConfig({
      FOLLOW_UP_AFTER_MINUTES: String(AFTER_MINUTES),
      PUBLIC_URL,
      CALENDLY_WEBHOOK_SIGNING_KEY: 'calendly-signing-key-for-tests-0123',
      LEAD_EMAIL_FROM: 'hello@agency.example',
      LEAD_EMAIL_TO: TEAM,
      SMTP_URL: `smtp://mailer:secret@127.0.0.1:${smtp.port}`,
      SUBMIT_RATE_LIMIT: '0',
    }),
    db: temp.db,
  })
  await app.ready()
})
afterAll(async () => {
  await app.close()
  await smtp.close()
})

/** A domain of this test's own, so nothing another test sends is mistaken for ours. */
const domain = () => `${randomUUID().slice(0, 8)}.test`

/** Posts an application as the page does, and backdates it past the wait; resolves to its id once stored as sent. */
async function apply(email: string) {
  const row = { ...validAnswers(), email, submission_id: randomUUID() }
  const posted = await app.inject({
    method: 'POST',
    url: CONTACT_SUBMISSIONS_PATH + columnsOf([row]),
    headers: CLIENT_HEADERS,
    payload: JSON.stringify([row]),
  })
  // Never refused: the lead is kept whatever its email says.
  expect(posted.statusCode).toBe(201)
  const [stored] = await temp.db.query<{ id: number; email: string }>(
    `UPDATE contact_submissions SET created_at = now() - make_interval(mins => $2) WHERE submission_id = $1 RETURNING id, email`,
    [row.submission_id, AFTER_MINUTES + 5],
  )
  expect(stored?.email).toBe(email.trim())
  return Number(stored?.id)
}

interface FollowUp {
  state: string
  error: string | null
}

/**
 * Queues what is due, then waits until the follow-ups of `ids` are settled
 * (sent, or refused with a reason); resolves to each lead's, undefined for
 * one never queued, and the messages the SMTP server received meanwhile for
 * anyone but the team.
 */
async function followUpsOf(ids: number[]): Promise<{ followUps: (FollowUp | undefined)[]; mail: PlainSmtpMessage[] }> {
  const before = smtp.messages.length
  // The app's own first sweep may not have made the mark yet: this one sets it either way.
  await temp.db.query(
    `INSERT INTO follow_up_sweep (id, swept_until) VALUES (1, now() - interval '2 days')
     ON CONFLICT (id) DO UPDATE SET swept_until = excluded.swept_until`,
  )
  await queueFollowUps(temp.db, AFTER_MINUTES)
  for (let round = 0; round < 800; round++) {
    const rows = await temp.db.query<{ application_id: number; state: string; error: string | null }>(
      `SELECT d.application_id, d.state,
         (SELECT a.error FROM lead_delivery_attempts a WHERE a.delivery_id = d.id ORDER BY a.id DESC LIMIT 1) AS error
       FROM lead_deliveries d WHERE d.event = 'follow_up' AND d.application_id = ANY($1::bigint[])`,
      [ids],
    )
    if (rows.every((row) => row.state !== 'pending')) {
      // Anything sent alongside has reached the server by the time its delivery is recorded.
      const byId = new Map(rows.map((row) => [Number(row.application_id), { state: row.state, error: row.error }]))
      const toApplicants = smtp.messages.slice(before).filter((message) => message.to.join() !== TEAM)
      return { followUps: ids.map((id) => byId.get(id)), mail: toApplicants }
    }
    await sleep(25)
  }
  throw new Error('the follow-ups were not settled in 20 s')
}

/** Every address the SMTP server was asked to deliver to, from the envelope and the To header. */
const recipientsOf = (mail: PlainSmtpMessage[]) =>
  mail.flatMap((message) => [...message.to, emailHeader(message.raw, 'To') ?? ''])

describe(`the follow-up email goes to one plain address or nowhere, on ${DATABASE_TARGET}`, () => {
  it('sends one email to a plain address, to it alone, with no name', async () => {
    const address = `ada@${domain()}`
    const id = await apply(`  ${address} `)
    const { followUps, mail } = await followUpsOf([id])
    expect(followUps).toEqual([{ state: 'delivered', error: null }])
    expect(mail).toHaveLength(1)
    expect(mail[0]?.to).toEqual([address])
    expect(emailHeader(mail[0]?.raw ?? '', 'To')).toBe(address)
  })

  it.each([
    // Short, to fit the answer's 320 characters, as the attack did.
    ['a list of 34 addresses', () => Array.from({ length: 34 }, (_, i) => `${i}@x.io`).join(','), 'names 34 addresses'],
    ['a group', (at: string) => `friends: a@${at}, b@${at};`, 'is an address group'],
    ['a name that is another address', (at: string) => `"victim@${at}" <attacker@${at}>`, 'adds a name'],
    ['an address in angle brackets', (at: string) => `<x@${at}>`, 'is not a bare address'],
    ['an address and a comma', (at: string) => `x@${at},`, 'is not a bare address'],
    ['a display name', (at: string) => `Friend <x@${at}>`, 'adds a name'],
    ['a comment', (at: string) => `x@${at} (Friend)`, 'adds a name or a comment'],
    ['two addresses by a semicolon', (at: string) => `x@${at};y@${at}`, 'names 2 addresses'],
    ['no @ at all', () => 'samrivera.gmail.com', 'is not an email address'],
  ])('sends nothing to %s, keeps the lead, and says why on its delivery', async (_case, email, reason) => {
    const id = await apply(email(domain()))
    const { followUps, mail } = await followUpsOf([id])
    expect(mail).toEqual([])
    expect(followUps[0]?.state).toBe('failed')
    expect(followUps[0]?.error).toContain(`the email answer ${reason}`)
  })

  it('sends one follow-up per address, however many times and however spelled it applies', async () => {
    const at = domain()
    const first = await apply(`sam@${at}`)
    const again = await apply(`sam@${at}`)
    const shouting = await apply(` SAM@${at.toUpperCase()} `)
    const { followUps, mail } = await followUpsOf([first, again, shouting])
    // Whichever application sends it, it goes to the address as that one typed it.
    expect(recipientsOf(mail).map((address) => address.toLowerCase())).toEqual([`sam@${at}`, `sam@${at}`])
    expect(followUps.filter((followUp) => followUp?.state === 'delivered')).toHaveLength(1)
    expect(
      followUps.filter(
        (followUp) => followUp?.error === 'this address already had a follow-up, for another application',
      ),
    ).toHaveLength(2)

    // And later: one more application from it, after the first was sent, gets nothing either.
    const later = await apply(`sam@${at}`)
    const next = await followUpsOf([later])
    expect(next.mail).toEqual([])
    expect(next.followUps[0]?.state).toBe('failed')
  })

  it('sends nothing to an address that unsubscribed, in any disguise, even once its lead is erased', async () => {
    const at = domain()
    const victim = `victim@${at}`
    const id = await apply(victim)
    const { mail } = await followUpsOf([id])
    const link = /^<(.+)>$/.exec(emailHeader(mail[0]?.raw ?? '', 'List-Unsubscribe') ?? '')?.[1] ?? ''
    const unsubscribed = await app.inject({
      method: 'POST',
      url: link.slice(PUBLIC_URL.length),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    })
    expect(unsubscribed.body).toContain('you will get no more follow-up emails')
    // Erasing the lead lets go of its claim on the address; the opt-out stays.
    await temp.db.query('DELETE FROM contact_submissions WHERE id = $1', [id])

    const disguised = [
      `<${victim}>`,
      `${victim},`,
      `Friend <${victim}>`,
      ` Victim@${at.toUpperCase()}`,
      `"${victim}" <${victim}>`,
    ]
    const ids = await Promise.all(disguised.map(apply))
    const after = await followUpsOf(ids)
    expect(after.mail).toEqual([])
    for (const followUp of after.followUps) expect(followUp === undefined || followUp.state === 'failed').toBe(true)
  })

  it('a follow-up queued before its address unsubscribed is not sent', async () => {
    const at = domain()
    const id = await apply(`late@${at}`)
    await temp.db.query('INSERT INTO follow_up_opt_outs (email_sha256) VALUES ($1)', [addressSha256(` LATE@${at} `)])
    // Queued as if the sweep ran before the opt-out: the channel checks again.
    await temp.db.query(
      `INSERT INTO lead_deliveries (application_id, event, target) VALUES ($1, 'follow_up', 'follow-up')`,
      [id],
    )
    const { followUps, mail } = await followUpsOf([id])
    expect(mail).toEqual([])
    expect(followUps[0]).toEqual({ state: 'failed', error: 'this address unsubscribed from follow-ups' })
  })
})

describe(`an address's follow-up claim, on ${DATABASE_TARGET}`, () => {
  it('goes to one application of those claiming it at once, and stays theirs on a retry', async () => {
    const at = domain()
    const ids = await Promise.all(Array.from({ length: 8 }, () => apply(`same@${at}`)))
    // The sweep must not send these meanwhile: they are closed leads.
    await temp.db.query(`UPDATE lead_pipeline SET status = 'lost' WHERE application_id = ANY($1::bigint[])`, [ids])
    const sha256 = addressSha256(`same@${at}`)
    const claims = await Promise.all(ids.map((id) => claimFollowUp(temp.db, sha256, id)))
    expect(claims.filter((claim) => claim === 'ours')).toHaveLength(1)
    expect(claims.filter((claim) => claim === 'taken')).toHaveLength(7)
    const winner = ids[claims.indexOf('ours')] ?? 0
    expect(await claimFollowUp(temp.db, sha256, winner)).toBe('ours')
  })
})
