import { execFile, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_API_PATH } from '../../common/admin-api.ts'
import { AccountError } from '../accounts/accounts.ts'
import { verifyPassword } from '../accounts/passwords.ts'
import { buildApp } from '../app.ts'
import { parseConfig } from '../config.ts'
import { findProjectRoot } from '../project-root.ts'
import { createAdminAccount, signIn } from '../testing/admin-session.ts'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { useTempDatabase } from '../testing/use-temp-database.ts'
import { USAGE, parseAdminArgs, runAdminCommand, type AdminCommand } from './admin-command.ts'
import { UsageError } from './usage-error.ts'

const ADMIN_SCRIPT = join(findProjectRoot(), 'server', 'cli', 'admin.ts')
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href
const PASSWORD = 'twelve chars ok'
const WHERE = 'the test database'

const temp = useTempDatabase()
let app: FastifyInstance
let workDir: string
beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'admin-cli-'))
  app = buildApp({ config: parseConfig({ WEB_ROOT: '/nonexistent' }), db: temp.db })
  await app.ready()
})
afterAll(async () => {
  await app.close()
  await rm(workDir, { recursive: true, force: true })
})

/** Runs a command in this process, as the CLI would, with `password` as what the operator types. */
const run = async (argv: string[], password = PASSWORD) => {
  const lines: string[] = []
  await runAdminCommand(temp.db, parseAdminArgs(argv), WHERE, {
    readPassword: async () => password,
    print: (line) => lines.push(line),
  })
  return lines
}
const sessionCount = async (email: string) => {
  const [row] = await temp.db.query<{ n: number | string }>(
    'SELECT count(*) AS n FROM admin_sessions s JOIN admin_accounts a ON a.id = s.account_id WHERE a.email = $1',
    [email],
  )
  return Number(row?.n)
}
const getSession = (cookie: string) => app.inject({ url: `${ADMIN_API_PATH}/session`, headers: { cookie } })

describe('parsing the admin command', () => {
  it.each<[string[], AdminCommand]>([
    [[], { name: 'help' }],
    [['--help'], { name: 'help' }],
    [['list'], { name: 'list' }],
    [['add', 'a@example.com'], { name: 'add', email: 'a@example.com' }],
    [['remove', 'a@example.com'], { name: 'remove', email: 'a@example.com' }],
    [['reset-password', 'a@example.com'], { name: 'reset-password', email: 'a@example.com' }],
  ])('reads %j', (argv, command) => {
    expect(parseAdminArgs(argv)).toEqual(command)
  })

  it.each([
    [['add'], 'add needs an email'],
    [['add', 'a@example.com', 'hunter2hunter2'], 'the password is read from standard input'],
    [['list', 'extra'], 'list takes no arguments'],
    [['delete', 'a@example.com'], 'unknown command "delete"'],
  ])('refuses %j', (argv, message) => {
    expect(() => parseAdminArgs(argv)).toThrow(UsageError)
    expect(() => parseAdminArgs(argv)).toThrow(message)
  })
})

describe(`managing accounts on ${DATABASE_TARGET}`, () => {
  it('adds an account under its lower-cased email, with an argon2id hash of the password', async () => {
    expect(await run(['add', ' Ada@Example.COM '])).toEqual([`Added ada@example.com to ${WHERE}.`])
    const [row] = await temp.db.query<{ password_hash: string }>(
      "SELECT password_hash FROM admin_accounts WHERE email = 'ada@example.com'",
    )
    expect(row?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
    expect(await verifyPassword(row?.password_hash ?? '', PASSWORD)).toBe(true)
    expect((await run(['list'])).join('\n')).toMatch(/^ada@example\.com\tadded \S+\tpassword only\t0 sessions\towner$/m)
  })

  it('refuses a second account for the same email in any case, and a short password, changing nothing', async () => {
    await expect(run(['add', 'ADA@example.com'])).rejects.toThrow(
      new AccountError('There is already an account for ada@example.com.'),
    )
    await expect(run(['add', 'short@example.com'], 'elevenchars')).rejects.toThrow(
      /at least 12 characters \(this one has 11\)/,
    )
    await expect(run(['add', 'not-an-email'])).rejects.toThrow(/is not an email address/)
    const emails = (await temp.db.query<{ email: string }>('SELECT email FROM admin_accounts')).map((row) => row.email)
    expect(emails).not.toContain('short@example.com')
  })

  it('refuses to remove or reset an account that does not exist', async () => {
    await expect(run(['remove', 'ghost@example.com'])).rejects.toThrow(
      new AccountError('There is no account for ghost@example.com.'),
    )
    await expect(run(['reset-password', 'ghost@example.com'])).rejects.toThrow(
      new AccountError('There is no account for ghost@example.com.'),
    )
  })

  it('resets a password: the old one stops working and every session of the account ends', async () => {
    await createAdminAccount(temp.db, 'reset@example.com', PASSWORD)
    const first = await signIn(app, 'reset@example.com', PASSWORD)
    const second = await signIn(app, 'reset@example.com', PASSWORD)
    const other = await signIn(app, 'ada@example.com', PASSWORD)
    expect(await run(['reset-password', 'RESET@example.com'], 'a brand new password')).toEqual([
      'New password set for reset@example.com; 2 sessions ended.',
    ])
    expect((await getSession(first.cookie)).statusCode).toBe(401)
    expect((await getSession(second.cookie)).statusCode).toBe(401)
    expect((await getSession(other.cookie)).statusCode).toBe(200)
    await expect(signIn(app, 'reset@example.com', PASSWORD)).rejects.toThrow(/401/)
    await signIn(app, 'reset@example.com', 'a brand new password')
  })

  it('refuses a short new password, keeping the old one and the sessions', async () => {
    const { cookie } = await signIn(app, 'ada@example.com', PASSWORD)
    await expect(run(['reset-password', 'ada@example.com'], 'too short')).rejects.toThrow(/at least 12 characters/)
    expect((await getSession(cookie)).statusCode).toBe(200)
    await signIn(app, 'ada@example.com', PASSWORD)
  })

  it('removes an account, ending its sessions', async () => {
    await createAdminAccount(temp.db, 'leaving@example.com', PASSWORD)
    const { cookie } = await signIn(app, 'leaving@example.com', PASSWORD)
    expect(await run(['remove', 'Leaving@Example.com'])).toEqual([
      `Removed leaving@example.com from ${WHERE}; its sessions have ended.`,
    ])
    expect(await sessionCount('leaving@example.com')).toBe(0)
    expect((await getSession(cookie)).statusCode).toBe(401)
    expect((await run(['list'])).join('\n')).not.toContain('leaving@example.com')
  })

  it('records what the command line did in the audit log', async () => {
    const rows = await temp.db.query<{ action: string; detail: { email: string } }>(
      "SELECT action, detail FROM admin_audit WHERE actor_email = 'command line' ORDER BY id",
    )
    expect(rows.map((row) => `${row.action} ${row.detail.email}`)).toEqual(
      expect.arrayContaining([
        'account.add ada@example.com',
        'account.reset-password reset@example.com',
        'account.remove leaving@example.com',
      ]),
    )
  })
})

describe(`the admin command on ${DATABASE_TARGET}`, () => {
  const runAdmin = (args: string[], stdin = '') =>
    new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      // Only what the command needs: a developer's own DATABASE_URL must not leak in.
      const env = { PATH: process.env.PATH ?? '', HOME: workDir }
      const child = execFile(
        process.execPath,
        ['--import', TSX, ADMIN_SCRIPT, ...args],
        { cwd: workDir, env, timeout: 60_000 },
        (error, stdout, stderr) =>
          resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr }),
      )
      child.stdin?.end(stdin)
    })
  const dotEnv = (settings: Record<string, string>) =>
    writeFile(
      join(workDir, '.env'),
      Object.entries(settings)
        .map(([name, value]) => `${name}=${value}\n`)
        .join(''),
    )
  // The embedded database admits one process at a time, as a server would.
  const withDatabaseClosed = async (body: () => Promise<void>) => {
    if (temp.target === 'pglite') await temp.db.close()
    try {
      await body()
    } finally {
      if (temp.target === 'pglite') await temp.reopen()
    }
  }

  it('exits 2 with the usage on bad arguments', async () => {
    const result = await runAdmin(['add'])
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('add needs an email')
    expect(result.stderr).toContain(USAGE)
  })

  it('adds an account with the password from standard input, lists it, and refuses a duplicate or a short password', async () => {
    await dotEnv(temp.env)
    await withDatabaseClosed(async () => {
      const added = await runAdmin(['add', 'Piped@Example.com'], 'piped password 1\n')
      expect(added.stderr).toBe('')
      expect(added.code).toBe(0)
      expect(added.stdout).toMatch(/^Added piped@example\.com to /)

      const duplicate = await runAdmin(['add', 'piped@example.com'], 'piped password 1\n')
      expect(duplicate.code).toBe(1)
      expect(duplicate.stderr).toBe('There is already an account for piped@example.com.\n')

      const short = await runAdmin(['reset-password', 'piped@example.com'], 'short\n')
      expect(short.code).toBe(1)
      expect(short.stderr).toMatch(/at least 12 characters/)

      const listed = await runAdmin(['list'])
      expect(listed.code).toBe(0)
      expect(listed.stdout).toContain('piped@example.com\t')
    })
    // The app sees the account the command added.
    app = await reopenApp()
    await signIn(app, 'piped@example.com', 'piped password 1')
  })

  // util-linux's script(1) gives the command a terminal, as an operator's shell would.
  it.runIf(existsSync('/usr/bin/script'))(
    'asks twice at a terminal, showing nothing typed, even typed ahead',
    async () => {
      await dotEnv(temp.env)
      const password = 'typed at the terminal'
      let output = ''
      await withDatabaseClosed(async () => {
        const command = [process.execPath, '--import', TSX, ADMIN_SCRIPT, 'add', 'tty@example.com']
          .map((part) => `'${part}'`)
          .join(' ')
        const child = spawn('/usr/bin/script', ['-q', '-e', '-c', command, '/dev/null'], {
          cwd: workDir,
          env: { PATH: process.env.PATH ?? '', HOME: workDir },
          stdio: ['pipe', 'pipe', 'pipe'],
        })
        let typed = false
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString()
          // Both answers as soon as the first prompt shows (before it, the terminal
          // itself would echo): typing ahead of the second prompt is not echoed either.
          if (!typed && output.includes('Password for tty@example.com: ')) {
            typed = true
            child.stdin.write(`${password}\r${password}\r`)
          }
        })
        const code = await new Promise<number | null>((resolve) => child.on('exit', resolve))
        child.stdin.end()
        expect(output).toMatch(/Added tty@example\.com to /)
        expect(code).toBe(0)
      })
      expect(output).not.toContain(password)
      app = await reopenApp()
      await signIn(app, 'tty@example.com', password)
    },
  )

  it.runIf(DATABASE_TARGET === 'pglite')(
    'refuses, explaining why, while a server has the embedded database open',
    async () => {
      await dotEnv(temp.env)
      const result = await runAdmin(['list'])
      expect(result.code).toBe(1)
      expect(result.stdout).toBe('')
      expect(result.stderr).toMatch(
        /^Accounts cannot be changed while a server runs on the embedded database: stop the server/,
      )
      expect(result.stderr).toMatch(/is in use.*holds .*landing\.lock/s)
    },
  )
})

// After the embedded database was closed and reopened, the app must use the new handle.
async function reopenApp() {
  await app.close()
  const reopened = buildApp({ config: parseConfig({ WEB_ROOT: '/nonexistent' }), db: temp.db })
  await reopened.ready()
  return reopened
}
