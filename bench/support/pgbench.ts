import { execFileSync } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { findPostgresBin } from '../../server/testing/postgres-server.ts'

/** pgbench running one SQL script for `seconds` with `clients`: transactions per second and their average latency. */
export async function runPgbench(url: string, sql: string, { clients, seconds }: { clients: number; seconds: number }) {
  const dir = await mkdtemp(join(tmpdir(), 'bench-pgbench-'))
  const script = join(dir, 'script.sql')
  await writeFile(script, sql)
  const { hostname, port, username, password, pathname } = new URL(url)
  try {
    const output = execFileSync(
      join(findPostgresBin(), 'pgbench'),
      [
        '-n',
        '-f',
        script,
        '-c',
        String(clients),
        '-j',
        String(Math.min(clients, 2)),
        '-T',
        String(seconds),
        '-h',
        hostname,
        '-p',
        port,
        '-U',
        decodeURIComponent(username),
        pathname.slice(1),
      ],
      { encoding: 'utf8', env: { ...process.env, PGPASSWORD: decodeURIComponent(password) } },
    )
    return {
      tps: Number(/tps = ([\d.]+)/.exec(output)?.[1] ?? Number.NaN),
      latencyMs: Number(/latency average = ([\d.]+) ms/.exec(output)?.[1] ?? Number.NaN),
    }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/** The same run; resolves to its transactions per second. */
export async function pgbenchTps(url: string, sql: string, options: { clients: number; seconds: number }) {
  return (await runPgbench(url, sql, options)).tps
}
