import { execFile } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'
import { postgresTarget } from '../../reliability/support/targets.ts'
import { openPglite } from '../../server/db/pglite.ts'

const DIST_CLI = join(import.meta.dirname, '..', '..', 'dist', 'server', 'server', 'cli')

/** Bytes under `path`, as du counts them. */
export async function du(path: string): Promise<number> {
  const { stdout } = await promisify(execFile)('du', ['-sb', path], { encoding: 'utf8' })
  return Number(stdout.split('\t')[0])
}

export async function residentBytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '')
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN) * 1024
}

/** A built CLI (dist/server/server/cli/NAME.js) as an operator runs it; resolves to its wall time and its last line. */
export async function runCli(name: string, args: string[], env: Record<string, string>, cwd: string) {
  const started = performance.now()
  const { stdout } = await promisify(execFile)(process.execPath, [join(DIST_CLI, `${name}.js`), ...args], {
    env: { PATH: process.env.PATH ?? '', ...env },
    cwd,
    encoding: 'utf8',
    timeout: 600_000,
    maxBuffer: 16 * 1024 * 1024,
  })
  return { ms: performance.now() - started, said: stdout.trim().split('\n').at(-1) ?? '' }
}

/** How many of each list of submission ids the embedded database in `dataDir` holds, and its applications in all. */
export async function storedIn<Key extends string>(dataDir: string, lists: Record<Key, readonly string[]>) {
  const db = await openPglite(dataDir)
  try {
    const found = {} as Record<Key, number>
    for (const [key, ids] of Object.entries(lists) as [Key, readonly string[]][]) {
      const [row] = await db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM contact_submissions WHERE submission_id = ANY($1::uuid[])',
        [ids],
      )
      found[key] = row?.n ?? 0
    }
    const [all] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM contact_submissions')
    return { ...found, applications: all?.n ?? 0 }
  } finally {
    await db.close()
  }
}

/** db:copy of the data directory (its server stopped) and of a backup file, each into an empty database of a PostgreSQL 15. */
export async function copyIntoPostgres(dataDir: string, backupFile: string, cwd: string) {
  const target = await postgresTarget()
  try {
    const client = new pg.Client({ connectionString: target.postgres.url() })
    await client.connect()
    await client.query('CREATE DATABASE from_dir')
    await client.query('CREATE DATABASE from_backup')
    await client.end()
    const copyDir = await runCli('db-copy', ['--from', dataDir, '--to', target.postgres.url('from_dir')], {}, cwd)
    const copyFile = await runCli(
      'db-copy',
      ['--from', backupFile, '--to', target.postgres.url('from_backup')],
      {},
      cwd,
    )
    return { copyDir, copyFile }
  } finally {
    await target.dispose()
  }
}
