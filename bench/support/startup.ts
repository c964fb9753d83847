import { spawn } from 'node:child_process'
import { freePort } from '../../server/testing/free-port.ts'

/**
 * Seconds from `npm start` to a ready server (/readyz answers 200), on a data
 * dir and build that already exist. Runs npm in its own process group, so the
 * whole group (npm, its shell, the server) is stopped together.
 */
export async function measureNpmStart(env: Record<string, string>): Promise<number> {
  const port = await freePort()
  const started = performance.now()
  const child = spawn('npm', ['start', '--silent'], {
    cwd: new URL('../..', import.meta.url),
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: 'ignore',
    detached: true,
  })
  try {
    for (;;) {
      if (await fetch(`http://127.0.0.1:${port}/readyz`).then((r) => r.ok, () => false)) return (performance.now() - started) / 1000
      if (performance.now() - started > 120_000) throw new Error('npm start did not become ready in 120 s')
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  } finally {
    if (child.pid) process.kill(-child.pid, 'SIGTERM')
    await new Promise((resolve) => child.once('exit', resolve))
  }
}
