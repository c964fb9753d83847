import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TeammateAdded } from '../../common/account-api.ts'
import { ADMIN_API_PATH, CSRF_HEADER } from '../../common/admin-api.ts'
import type { BackupSummary } from '../../common/backup-api.ts'
import type { LeadPage } from '../../common/lead-list-api.ts'
import { resetPassword } from '../accounts/accounts.ts'
import { newBackupCodes, storeBackupCodes } from '../accounts/backup-codes.ts'
import { newTotpSecret } from '../accounts/totp.ts'
import { buildApp } from '../app.ts'
import { parseConfig } from '../config.ts'
import type { Database } from '../db/database.ts'
import { openPglite } from '../db/pglite.ts'
import { copyBetween } from '../db-copy/copy-endpoints.ts'
import { createAdminAccount, signIn, type SignedIn } from '../testing/admin-session.ts'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { insertApplication } from '../testing/insert-application.ts'
import { OWNER, PASSWORD } from '../testing/signed-in-inbox.ts'
import { useTempDatabase } from '../testing/use-temp-database.ts'
import { createBackupService, type BackupService } from './backup-service.ts'

const MEMBER = 'member-with-totp@example.com'
const PENDING = 'still-to-set-up@example.com'
const NEW_PASSWORD = 'a new password after the restore'

/** Every secret the live database holds, as text that would show in a backup's JSON (bytea as hex). */
async function liveSecrets(db: Database) {
  const values = async (sql: string) => (await db.query<{ value: string | null }>(sql)).map((row) => row.value)
  return {
    passwordHashes: await values('SELECT password_hash AS value FROM admin_accounts WHERE password_hash IS NOT NULL'),
    totpSecrets: await values('SELECT totp_secret AS value FROM admin_accounts WHERE totp_secret IS NOT NULL'),
    backupCodeHashes: await values("SELECT encode(code_hash, 'hex') AS value FROM admin_backup_codes"),
    sessionIdHashes: await values("SELECT encode(id_hash, 'hex') AS value FROM admin_sessions"),
    csrfTokens: await values('SELECT csrf_token AS value FROM admin_sessions'),
    setupTokenHashes: await values("SELECT encode(token_hash, 'hex') AS value FROM admin_setup_tokens"),
  }
}

describe.runIf(DATABASE_TARGET === 'pglite')('what a backup leaves out, and a restore of it', () => {
  const temp = useTempDatabase()
  let backups: BackupService
  let app: FastifyInstance
  let owner: SignedIn
  let root: string
  let leadName: string
  let setupToken: string

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'backup-secrets-'))
    backups = createBackupService({ db: temp.db, dataDir: temp.settings.dataDir, dir: join(root, 'backups'), keep: 3 })
    app = buildApp({ config: parseConfig({ WEB_ROOT: '/nonexistent' }), db: temp.db, backups })
    await app.ready()
    await createAdminAccount(temp.db, OWNER, PASSWORD)
    await createAdminAccount(temp.db, MEMBER, PASSWORD)
    owner = await signIn(app, OWNER, PASSWORD)
    await signIn(app, MEMBER, PASSWORD)
    // Two-factor sign-in and backup codes for both, as enrolment leaves them.
    for (const row of await temp.db.query<{ id: string }>('SELECT id FROM admin_accounts')) {
      await temp.db.query(
        'UPDATE admin_accounts SET totp_secret = $2, totp_enabled_at = now(), totp_last_step = 1 WHERE id = $1',
        [row.id, newTotpSecret()],
      )
      await storeBackupCodes(temp.db, Number(row.id), newBackupCodes())
    }
    const added = await app.inject({
      method: 'POST',
      url: `${ADMIN_API_PATH}/teammates`,
      headers: { cookie: owner.cookie, [CSRF_HEADER]: owner.csrfToken },
      payload: { email: PENDING },
    })
    expect(added.statusCode).toBe(201)
    setupToken = added.json<TeammateAdded>().setupToken
    leadName = `Lead restored without secrets ${Date.now()}`
    await insertApplication(temp.db, { answers: { name: leadName } })
  }, 120_000)

  afterAll(async () => {
    await app?.close()
    await backups?.close()
    if (root !== undefined) await rm(root, { recursive: true, force: true })
  })

  let file: string

  it('downloads a backup holding none of the live database’s sign-in secrets, and the unsubscribe key', async () => {
    const secrets = await liveSecrets(temp.db)
    // Each kind is there to be left out: the test would prove nothing of an empty table.
    for (const [kind, values] of Object.entries(secrets)) expect(values.length, kind).toBeGreaterThan(0)
    const [siteKey] = await temp.db.query<{ key: string }>(
      "SELECT key FROM site_keys WHERE name = 'follow_up_unsubscribe'",
    )

    const taken = await app.inject({
      method: 'POST',
      url: `${ADMIN_API_PATH}/backups`,
      headers: { cookie: owner.cookie, [CSRF_HEADER]: owner.csrfToken },
    })
    expect(taken.statusCode).toBe(200)
    const { name } = taken.json<BackupSummary>()
    const download = await app.inject({ url: `${ADMIN_API_PATH}/backups/${name}`, headers: { cookie: owner.cookie } })
    expect(download.statusCode).toBe(200)
    file = join(root, name)
    await writeFile(file, download.rawPayload)
    const text = gunzipSync(await readFile(file)).toString('utf8')

    expect(text).toContain(leadName)
    expect(text).toContain(MEMBER)
    expect(text).toContain(PENDING)
    for (const [kind, values] of Object.entries(secrets)) {
      for (const value of values) expect(text.includes(value ?? ''), `${kind} ${value}`).toBe(false)
    }
    expect(text.includes(setupToken)).toBe(false)
    expect(text.includes(owner.cookie.split('=')[1] ?? '')).toBe(false)
    expect(text.includes(owner.csrfToken)).toBe(false)
    // The key that signs unsubscribe links stays, so the links already mailed still work after a restore (ADR 032).
    expect(text).toContain(siteKey?.key)
  }, 120_000)

  it('restores end to end: every lead and account, no secret; the owner sets a password and signs in', async () => {
    const dir = join(root, 'restored')
    await copyBetween({ kind: 'backup', file }, { kind: 'embedded', dir })
    const restored = await openPglite(dir)
    try {
      const accounts = await restored.query<Record<string, unknown>>(
        'SELECT email, role, password_hash, totp_secret, totp_enabled_at, totp_last_step FROM admin_accounts ORDER BY email',
      )
      expect(accounts).toEqual(
        [
          { email: MEMBER, role: 'member' },
          { email: OWNER, role: 'owner' },
          { email: PENDING, role: 'member' },
        ].map((account) => ({
          ...account,
          password_hash: null,
          totp_secret: null,
          totp_enabled_at: null,
          totp_last_step: null,
        })),
      )
      for (const table of ['admin_sessions', 'admin_setup_tokens', 'admin_backup_codes']) {
        expect(await restored.query(`SELECT 1 FROM ${table}`), table).toEqual([])
      }
      const [liveKey, restoredKey] = await Promise.all(
        [temp.db, restored].map(async (db) => (await db.query<{ key: string }>('SELECT key FROM site_keys'))[0]?.key),
      )
      expect(restoredKey).toBe(liveKey)

      // What docs/operations.md says to do after a restore, then the inbox as usual.
      await resetPassword(restored, OWNER, NEW_PASSWORD)
      const after = buildApp({ config: parseConfig({ WEB_ROOT: '/nonexistent' }), db: restored })
      await after.ready()
      try {
        await expect(signIn(after, OWNER, PASSWORD)).rejects.toThrow(/401/)
        const session = await signIn(after, OWNER, NEW_PASSWORD)
        const leads = await after.inject({
          url: `${ADMIN_API_PATH}/leads?q=${encodeURIComponent(leadName)}`,
          headers: { cookie: session.cookie },
        })
        expect(leads.statusCode).toBe(200)
        expect(leads.json<LeadPage>().leads.map((lead) => lead.answers.name)).toContain(leadName)
      } finally {
        await after.close()
      }
    } finally {
      await restored.close()
    }
  }, 180_000)
})
