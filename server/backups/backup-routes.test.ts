import { createHash } from 'node:crypto'
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance, InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_API_PATH, CSRF_HEADER } from '../../common/admin-api.ts'
import {
  ON_DEMAND_BACKUP_MINUTES,
  backupDownloadPath,
  type BackupList,
  type BackupSummary,
} from '../../common/backup-api.ts'
import { buildApp } from '../app.ts'
import { parseConfig } from '../config.ts'
import { CHECKSUM_SUFFIX } from '../db-copy/backup-file.ts'
import { openBackupFile } from '../db-copy/backup-reader.ts'
import { createAdminAccount, signIn, type SignedIn } from '../testing/admin-session.ts'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { insertApplication } from '../testing/insert-application.ts'
import { OWNER, PASSWORD } from '../testing/signed-in-inbox.ts'
import { useTempDatabase } from '../testing/use-temp-database.ts'
import { createBackupService, type BackupService, type TakenBackup } from './backup-service.ts'

const BACKUPS = `${ADMIN_API_PATH}/backups`
const MEMBER = 'member-of-the-team@example.com'
const mode = async (path: string) => (await stat(path)).mode & 0o777
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')

// A backup copies the embedded database's data directory: PostgreSQL has none here.
describe.runIf(DATABASE_TARGET === 'pglite')('the inbox’s backups on the embedded database', () => {
  const temp = useTempDatabase()
  let backups: BackupService
  let app: FastifyInstance
  let session: SignedIn
  let member: SignedIn
  // One the server took on its schedule before any of the tests' own.
  let scheduled: TakenBackup
  // The backups' folder and, beside it, a download and a file a path might climb out to.
  let root: string
  let dir: string
  let leadName: string

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'landing-backups-'))
    dir = join(root, 'backups')
    backups = createBackupService({ db: temp.db, dataDir: temp.settings.dataDir, dir, keep: 3 })
    app = buildApp({ config: parseConfig({ WEB_ROOT: '/nonexistent' }), db: temp.db, backups })
    await app.ready()
    await createAdminAccount(temp.db, OWNER, PASSWORD)
    session = await signIn(app, OWNER, PASSWORD)
    await createAdminAccount(temp.db, MEMBER, PASSWORD)
    member = await signIn(app, MEMBER, PASSWORD)
    leadName = `Lead kept in a backup ${Date.now()}`
    await insertApplication(temp.db, { answers: { name: leadName } })
    scheduled = await backups.backUp('scheduled')
  }, 120_000)

  afterAll(async () => {
    await app?.close()
    await backups?.close()
    if (root !== undefined) await rm(root, { recursive: true, force: true })
  })

  const call = (
    method: InjectOptions['method'],
    url: string,
    { csrf = true, signedIn = true, as = session, on = app } = {},
  ) =>
    on.inject({
      method,
      url,
      headers: {
        ...(signedIn ? { cookie: as.cookie } : {}),
        ...(csrf && method !== 'GET' ? { [CSRF_HEADER]: as.csrfToken } : {}),
      },
    })

  let taken: BackupSummary
  let downloaded: Buffer

  it('takes a backup on POST /backups: the folder then holds the file and its .sha256', async () => {
    const response = await call('POST', BACKUPS)
    expect(response.statusCode).toBe(200)
    taken = response.json<BackupSummary>()
    expect(taken).toEqual({
      name: expect.stringMatching(/^backup-.+-on-demand\.ndjson\.gz$/) as unknown,
      kind: 'on-demand',
      createdAt: expect.any(String) as unknown,
      bytes: expect.any(Number) as unknown,
    })
    expect(taken.bytes).toBeGreaterThan(0)
    expect(new Date(taken.createdAt).toISOString()).toBe(taken.createdAt)
    const files = await readdir(dir)
    expect(files).toEqual(expect.arrayContaining([taken.name, `${taken.name}${CHECKSUM_SUFFIX}`]))
    // Nothing half-done is left beside it.
    expect(files.filter((name) => name.endsWith('.partial') || name.startsWith('.staging-'))).toEqual([])
  })

  it('writes backups readable by the server’s user alone: the folder 0700, each file and its .sha256 0600', async () => {
    expect(await mode(dir)).toBe(0o700)
    for (const name of [taken.name, scheduled.name]) {
      expect(await mode(join(dir, name)), name).toBe(0o600)
      expect(await mode(join(dir, `${name}${CHECKSUM_SUFFIX}`)), name).toBe(0o600)
    }
  })

  it('lists it on GET /backups, newest first, beside the scheduled one, and says the owner may manage them', async () => {
    const response = await call('GET', BACKUPS)
    expect(response.statusCode).toBe(200)
    expect(response.json<BackupList>()).toEqual({
      enabled: true,
      canManage: true,
      backups: [
        taken,
        {
          name: scheduled.name,
          kind: 'scheduled',
          createdAt: scheduled.createdAt.toISOString(),
          bytes: scheduled.bytes,
        },
      ],
    })
  })

  it('downloads it on GET /backups/:name as an attachment, the very bytes its .sha256 names', async () => {
    const response = await call('GET', `${ADMIN_API_PATH}${backupDownloadPath(taken.name)}`)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${taken.name}"`)
    expect(response.headers['content-type']).toBe('application/gzip')
    expect(response.headers['cache-control']).toBe('no-store')
    downloaded = response.rawPayload
    expect(downloaded.length).toBe(taken.bytes)
    const [expected] = (await readFile(join(dir, `${taken.name}${CHECKSUM_SUFFIX}`), 'utf8')).split(/\s/)
    expect(sha256(downloaded)).toBe(expected)
    expect(downloaded).toEqual(await readFile(join(dir, taken.name)))
  })

  it('audits taking and downloading a backup, with who did it', async () => {
    const rows = await temp.db.query<{ actor_email: string; action: string; detail: { backup?: string } }>(
      "SELECT actor_email, action, detail FROM admin_audit WHERE action LIKE 'backup.%' ORDER BY at, id",
    )
    expect(rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          actor_email: OWNER,
          action: 'backup.create',
          detail: expect.objectContaining({ backup: taken.name }),
        }),
        expect.objectContaining({ actor_email: OWNER, action: 'backup.download', detail: { backup: taken.name } }),
      ]),
    )
    expect(rows.filter((row) => row.action === 'backup.create')).toHaveLength(1)
    expect(rows.filter((row) => row.action === 'backup.download')).toHaveLength(1)
  })

  it('restores from the downloaded file: its header has the tables, and the lead stored before it', async () => {
    const path = join(root, taken.name)
    await writeFile(path, downloaded)
    const source = await openBackupFile(path)
    try {
      expect(source.header.tables.map((table) => table.name)).toEqual(
        expect.arrayContaining(['contact_submissions', 'admin_audit']),
      )
      const leads: { name?: string }[] = []
      // The file is read once, its tables in its order.
      for (const table of source.tables) {
        for await (const batch of source.rows(table)) {
          if (table.name === 'contact_submissions')
            leads.push(...batch.map((row) => JSON.parse(row) as { name?: string }))
        }
      }
      expect(leads.map((lead) => lead.name)).toContain(leadName)
    } finally {
      source.close()
    }
  })

  it('answers 401 without a session, to listing, taking and downloading', async () => {
    for (const [method, url] of [
      ['GET', BACKUPS],
      ['POST', BACKUPS],
      ['GET', `${ADMIN_API_PATH}${backupDownloadPath(taken.name)}`],
    ] as const) {
      const response = await call(method, url, { signedIn: false })
      expect(response.statusCode, `${method} ${url}`).toBe(401)
    }
  })

  it('answers 403 to a POST without the CSRF token, and takes no backup', async () => {
    const before = await readdir(dir)
    const response = await call('POST', BACKUPS, { csrf: false })
    expect(response.statusCode).toBe(403)
    expect(await readdir(dir)).toEqual(before)
  })

  it('answers 404 to a name the folder does not list, paths that climb out of it included', async () => {
    const outside = join(root, 'outside.ndjson.gz')
    await writeFile(outside, 'not a backup')
    await writeFile(`${outside}${CHECKSUM_SUFFIX}`, 'x')
    try {
      for (const name of [
        'backup-2000-01-01T00-00-00-000Z.ndjson.gz',
        '../../etc/passwd',
        '../outside.ndjson.gz',
        `${taken.name}${CHECKSUM_SUFFIX}`,
        '..',
      ]) {
        const response = await call('GET', `${ADMIN_API_PATH}${backupDownloadPath(name)}`)
        expect(response.statusCode, name).toBe(404)
        expect(response.headers['content-disposition'], name).toBeUndefined()
      }
      for (const url of [
        `${BACKUPS}/../../etc/passwd`,
        `${BACKUPS}/%2E%2E%2F%2E%2E%2Fetc%2Fpasswd`,
        `${BACKUPS}/..%2Foutside.ndjson.gz`,
      ]) {
        const response = await call('GET', url)
        expect(response.statusCode, url).toBe(404)
        expect(response.body, url).not.toContain('root:')
        expect(response.headers['content-disposition'], url).toBeUndefined()
      }
    } finally {
      await rm(outside, { force: true })
      await rm(`${outside}${CHECKSUM_SUFFIX}`, { force: true })
    }
  })

  it('answers a member (a teammate, not the owner) 403 to taking or downloading one, in the /api error shape, and shows them the list', async () => {
    const before = (await readdir(dir)).sort()
    // The attack that pruned every earlier backup: a member's burst of backups.
    for (let attempt = 0; attempt < 14; attempt += 1) {
      const response = await call('POST', BACKUPS, { as: member })
      expect(response.statusCode).toBe(403)
      expect(response.json()).toEqual({
        statusCode: 403,
        error: 'Forbidden',
        message: 'Only the inbox’s owner can take or download a backup.',
      })
    }
    const download = await call('GET', `${ADMIN_API_PATH}${backupDownloadPath(scheduled.name)}`, { as: member })
    expect(download.statusCode).toBe(403)
    expect(download.headers['content-disposition']).toBeUndefined()
    expect(download.body).not.toContain(leadName)
    expect(download.json<{ message: string }>().message).toBe('Only the inbox’s owner can take or download a backup.')

    const list = await call('GET', BACKUPS, { as: member })
    expect(list.statusCode).toBe(200)
    expect(list.json<BackupList>()).toMatchObject({ enabled: true, canManage: false })
    expect((await readdir(dir)).sort()).toEqual(before)
    const audited = await temp.db.query("SELECT 1 FROM admin_audit WHERE actor_email = $1 AND action LIKE 'backup.%'", [
      MEMBER,
    ])
    expect(audited).toEqual([])
  })

  it(`takes one on demand per ${ON_DEMAND_BACKUP_MINUTES} minutes: 429 with Retry-After, counted in the database, so on every instance`, async () => {
    const before = (await readdir(dir)).sort()
    // A second instance on the same database: the count is not the process's own.
    const other = buildApp({ config: parseConfig({ WEB_ROOT: '/nonexistent' }), db: temp.db, backups })
    await other.ready()
    try {
      for (let attempt = 0; attempt < 14; attempt += 1) {
        const response = await call('POST', BACKUPS, { on: attempt % 2 === 0 ? app : other })
        expect(response.statusCode, `attempt ${attempt}`).toBe(429)
        const retryAfter = Number(response.headers['retry-after'])
        expect(retryAfter).toBeGreaterThan(0)
        expect(retryAfter).toBeLessThanOrEqual(ON_DEMAND_BACKUP_MINUTES * 60)
        expect(response.json()).toEqual({
          statusCode: 429,
          error: 'Too Many Requests',
          message: expect.stringMatching(
            new RegExp(`^A backup can be taken once every ${ON_DEMAND_BACKUP_MINUTES} minutes: try again in \\d+ min`),
          ) as unknown,
        })
      }
    } finally {
      await other.close()
    }
    // Nothing taken, nothing pruned: the scheduled backup is still there.
    expect((await readdir(dir)).sort()).toEqual(before)
    expect((await backups.list()).map((backup) => backup.name)).toEqual([scheduled.name, taken.name])
  })
})

describe(`an app built without backups (as on PostgreSQL) on ${DATABASE_TARGET}`, () => {
  const temp = useTempDatabase()
  let app: FastifyInstance
  let session: SignedIn

  beforeAll(async () => {
    app = buildApp({ config: parseConfig({ WEB_ROOT: '/nonexistent' }), db: temp.db })
    await app.ready()
    await createAdminAccount(temp.db, OWNER, PASSWORD)
    session = await signIn(app, OWNER, PASSWORD)
  })

  afterAll(async () => {
    await app?.close()
  })

  it('says backups are not enabled, and refuses to take one with 409', async () => {
    const list = await app.inject({ url: BACKUPS, headers: { cookie: session.cookie } })
    expect(list.statusCode).toBe(200)
    expect(list.json<BackupList>()).toEqual({ enabled: false, canManage: true, backups: [] })

    const take = await app.inject({
      method: 'POST',
      url: BACKUPS,
      headers: { cookie: session.cookie, [CSRF_HEADER]: session.csrfToken },
    })
    expect(take.statusCode).toBe(409)
    expect(take.json<{ message: string }>().message).toMatch(/PostgreSQL/)
    const audited = await temp.db.query("SELECT 1 FROM admin_audit WHERE action LIKE 'backup.%'")
    expect(audited).toEqual([])
  })

  it('has nothing to download', async () => {
    const response = await app.inject({
      url: `${BACKUPS}/backup-2000-01-01T00-00-00-000Z.ndjson.gz`,
      headers: { cookie: session.cookie },
    })
    expect(response.statusCode).toBe(404)
  })
})
