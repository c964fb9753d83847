import { describe, expect, it } from 'vitest'
import { ADMIN_API_PATH } from '../../common/admin-api.ts'
import {
  CONVERSION_PLATFORMS_PATH,
  leadConversionsPath,
  resendConversionPath,
  type LeadConversionView,
  type PlatformStatus,
} from '../../common/conversions-api.ts'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { insertApplication } from '../testing/insert-application.ts'
import { OWNER, useSignedInInbox, type SignedInInbox } from '../testing/signed-in-inbox.ts'
import { registerPlatforms, tokenFingerprint } from './platforms.ts'

let inbox: SignedInInbox
const { call, get } = useSignedInInbox(async (opened) => {
  inbox = opened
  // The app started with no platform; this database's rows are written as a configured server's would be.
  await registerPlatforms(opened.temp.db, [{ platform: 'meta', fingerprint: tokenFingerprint('meta-token') }])
})

async function failedConversion() {
  const lead = await insertApplication(inbox.temp.db)
  const [row] = await inbox.temp.db.query<{ id: number }>(
    `UPDATE lead_conversions SET state = 'failed', reason = 'invalid parameter', attempts = 3, finished_at = now()
     WHERE application_id = $1 RETURNING id::int`,
    [lead],
  )
  return { lead, id: Number(row?.id) }
}
const stateOf = async (id: number) =>
  (await inbox.temp.db.query<{ state: string }>('SELECT state FROM lead_conversions WHERE id = $1', [id]))[0]?.state

describe(`the inbox's conversion routes (ADR 048) on ${DATABASE_TARGET}`, () => {
  it('lists each platform, configured or not, and a lead’s rows with their state and reason', async () => {
    const platforms = (await get(CONVERSION_PLATFORMS_PATH)).json<PlatformStatus[]>()
    expect(platforms.map((p) => [p.platform, p.configured, p.paused])).toEqual([
      ['meta', true, false],
      ['google', false, false],
      ['tiktok', false, false],
    ])
    const { lead } = await failedConversion()
    const answer = await get(leadConversionsPath(lead))
    expect(answer.statusCode).toBe(200)
    expect(answer.json<LeadConversionView[]>()).toEqual([
      expect.objectContaining({ platform: 'meta', stage: 'application', state: 'failed', reason: 'invalid parameter' }),
    ])
    expect((await get(leadConversionsPath(999_999_999))).statusCode).toBe(404)
  })

  it('answers a spam entry, whose page reads it too, with no rows: only leads get them', async () => {
    const spam = await insertApplication(inbox.temp.db, { spam: true })
    const answer = await get(leadConversionsPath(spam))
    expect(answer.statusCode).toBe(200)
    expect(answer.json()).toEqual([])
  })

  it('resends a failed conversion with the CSRF token, audited, and refuses it without', async () => {
    const { lead, id } = await failedConversion()
    const forged = await inbox.app.inject({
      method: 'POST',
      url: `${ADMIN_API_PATH}${resendConversionPath(id)}`,
      headers: { cookie: inbox.session.cookie },
    })
    expect(forged.statusCode).toBe(403)
    expect(await stateOf(id)).toBe('failed')

    expect((await call('POST', resendConversionPath(id))).statusCode).toBe(204)
    expect(await stateOf(id)).toBe('pending')
    const audit = await inbox.temp.db.query<{ actor_email: string; detail: object }>(
      `SELECT actor_email, detail FROM admin_audit WHERE lead_id = $1 AND action = 'conversion.resend'`,
      [lead],
    )
    expect(audit).toEqual([
      { actor_email: OWNER, detail: { conversion: id, platform: 'meta', stage: 'application', kind: 'conversion' } },
    ])
    // Pending now: not resent again, nor is a row that does not exist.
    expect((await call('POST', resendConversionPath(id))).statusCode).toBe(404)
    expect((await call('POST', '/conversions/not-a-number/resend')).statusCode).toBe(404)
  })

  it('cancels an erased lead’s pending conversions: the inbox’s erasure deletes them with it', async () => {
    const lead = await insertApplication(inbox.temp.db)
    const rows = () => inbox.temp.db.query(`SELECT state FROM lead_conversions WHERE application_id = $1`, [lead])
    expect(await rows()).toEqual([{ state: 'pending' }])
    expect((await call('DELETE', `/leads/${lead}`)).statusCode).toBeLessThan(300)
    expect(await rows()).toEqual([])
  })
})
