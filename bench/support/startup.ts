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
      if (
        await fetch(`http://127.0.0.1:${port}/readyz`).then(
          (r) => r.ok,
          () => false,
        )
      )
        return (performance.now() - started) / 1000
      if (performance.now() - started > 120_000) throw new Error('npm start did not become ready in 120 s')
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  } finally {
    if (child.pid) {
      process.kill(-child.pid, 'SIGTERM')
      // npm exits at once; the server closes its database after it. Wait for the
      // whole group to be gone, so the caller can delete the data dir.
      await groupGone(child.pid, 30_000)
    }
  }
}

async function groupGone(groupId: number, timeoutMs: number) {
  for (const started = performance.now(); performance.now() - started < timeoutMs;) {
    try {
      process.kill(-groupId, 0)
    } catch {
      return
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`npm start's processes (group ${groupId}) still run ${timeoutMs / 1000} s after SIGTERM`)
}
