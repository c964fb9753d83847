import { execFile, execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, readdirSync, rmSync } from 'node:fs'
import { chmod, mkdtemp, readFile, rm, writeFile, appendFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { freePort } from './free-port.ts'

const run = promisify(execFile)

export interface PostgresServer {
  readonly port: number
  /** Holds the data directory, the socket and the log; removed by dispose(). */
  readonly dir: string
  /** A URL for `database` on this server, as the superuser with a password, over TCP. */
  url(database?: string): string
  /** Stops the server (fast shutdown: sessions are cut off); start() brings it back on the same port. */
  stop(): Promise<void>
  start(): Promise<void>
  /** Stops the server if it runs and deletes everything it wrote. */
  dispose(): Promise<void>
}

/**
 * The folder holding initdb and pg_ctl: PG_BIN when set, else the newest of
 * Debian's /usr/lib/postgresql/<version>/bin. Not whatever is on PATH, which may
 * be another build.
 */
export function findPostgresBin(env: NodeJS.ProcessEnv = process.env): string {
  const candidates = env.PG_BIN
    ? [env.PG_BIN]
    : existsSync('/usr/lib/postgresql')
      ? readdirSync('/usr/lib/postgresql')
          .filter((version) => /^\d+$/.test(version))
          .sort((a, b) => Number(b) - Number(a))
          .map((version) => join('/usr/lib/postgresql', version, 'bin'))
      : []
  const found = candidates.find((dir) => existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl')))
  if (found) return found
  throw new Error(
    env.PG_BIN
      ? `PG_BIN=${env.PG_BIN} holds no initdb and pg_ctl`
      : 'No PostgreSQL server found under /usr/lib/postgresql: install it (apt-get install postgresql) ' +
          'or set PG_BIN to the folder holding initdb and pg_ctl',
  )
}

// PostgreSQL refuses to run as root, so as root the server runs as `postgres`.
const isRoot = process.getuid?.() === 0
const asServerUser = (command: string, args: string[]): [string, string[]] =>
  isRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args]

// Servers this process started, stopped on exit so a crashed test run leaves none behind.
const running = new Set<{ pgCtl: string; dataDir: string; dir: string }>()
process.once('exit', () => {
  for (const server of running) {
    try {
      execFileSync(...asServerUser(server.pgCtl, ['stop', '-D', server.dataDir, '-m', 'immediate', '-w']), {
        stdio: 'ignore',
      })
    } catch {
      // Already stopped.
    }
    rmSync(server.dir, { recursive: true, force: true })
  }
})

/**
 * A throwaway PostgreSQL server: initdb in a fresh temporary directory, listening
 * on 127.0.0.1 only, on a free port, with its unix socket inside that directory
 * and durability settings (fsync) left at their defaults. Takes a second or two.
 */
export async function startPostgresServer(): Promise<PostgresServer> {
  const bin = findPostgresBin()
  const pgCtl = join(bin, 'pg_ctl')
  const dir = await mkdtemp(join(tmpdir(), 'landing-pg-'))
  const dataDir = join(dir, 'data')
  const logFile = join(dir, 'server.log')
  const password = randomBytes(16).toString('hex')
  let port = 0

  const exec = async (command: string, args: string[]) => {
    const [file, argv] = asServerUser(command, args)
    // The server user may not be allowed into our working directory.
    return run(file, argv, { cwd: dir, timeout: 60_000 })
  }
  const log = () => readFile(logFile, 'utf8').catch(() => '(no log)')

  const record = { pgCtl, dataDir, dir }
  try {
    const passwordFile = join(dir, 'password')
    await writeFile(passwordFile, `${password}\n`)
    await chmod(passwordFile, 0o600)
    if (isRoot) await run('chown', ['-R', 'postgres:', dir])
    await exec(join(bin, 'initdb'), [
      '-D',
      dataDir,
      '-U',
      'postgres',
      `--pwfile=${passwordFile}`,
      // Local socket for the owner; TCP needs the password, as a real deployment would.
      '--auth-local=trust',
      '--auth-host=scram-sha-256',
      '--encoding=UTF8',
      '--locale=C.UTF-8',
    ])
    await rm(passwordFile)
    await appendFile(
      join(dataDir, 'postgresql.conf'),
      [
        '',
        "listen_addresses = '127.0.0.1'",
        `unix_socket_directories = '${dir}'`,
        // Each test file's pools add up; the default of 100 is tight for two projects at once.
        'max_connections = 200',
        '',
      ].join('\n'),
    )
    running.add(record)
  } catch (error) {
    await rm(dir, { recursive: true, force: true })
    throw error
  }

  const start = async () => {
    // Another process can take a free port before the server binds it: try again on a new one.
    for (let attempt = 1; ; attempt++) {
      if (port === 0) port = await freePort()
      try {
        await exec(pgCtl, ['start', '-D', dataDir, '-l', logFile, '-w', '-t', '60', '-o', `-p ${port}`])
        return
      } catch (error) {
        const text = await log()
        if (attempt < 3 && /could not bind|Address already in use/.test(text)) {
          port = 0
          continue
        }
        throw new Error(`PostgreSQL did not start: ${String(error)}\n${text}`, { cause: error })
      }
    }
  }
  const stop = async () => {
    await exec(pgCtl, ['stop', '-D', dataDir, '-m', 'fast', '-w', '-t', '60'])
  }

  try {
    await start()
  } catch (error) {
    running.delete(record)
    await rm(dir, { recursive: true, force: true })
    throw error
  }

  return {
    get port() {
      return port
    },
    dir,
    url: (database = 'postgres') => `postgres://postgres:${password}@127.0.0.1:${port}/${encodeURIComponent(database)}`,
    start,
    stop,
    async dispose() {
      await stop().catch(() => undefined)
      running.delete(record)
      await rm(dir, { recursive: true, force: true })
    },
  }
}
