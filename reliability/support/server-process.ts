import { spawn, type ChildProcess } from 'node:child_process'
import { join } from 'node:path'
import { freePort } from '../../server/testing/free-port.ts'

const MAIN = join(import.meta.dirname, '..', '..', 'dist', 'server', 'server', 'main.js')
export const SERVICE_ROLE_KEY = 'reliability-service-role-key-0123456789'

export interface ServerProcess {
  url: string
  child: ChildProcess
  /** The last 64 kB the server logged (its JSON lines on stdout), with captureOutput. */
  output: () => string
  /** Resolves when the process has exited, with its exit code or the signal that ended it. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
}

/**
 * Starts the built server as its own process on a free loopback port, with
 * the rate limit off, and waits until it answers /healthz.
 */
export interface StartOptions {
  /** A command that runs the server in turn (unshare, a shell), keeping its PID by exec. */
  wrap?: string[]
  /** Keep what the server logs, for output(); off by default, since reading it costs the machine the benchmarks measure. */
  captureOutput?: boolean
}

export async function startServer(
  env: Record<string, string>,
  { wrap = [], captureOutput = false }: StartOptions = {},
): Promise<ServerProcess> {
  const listenPort = await freePort()
  const [command = process.execPath, ...args] = [...wrap, process.execPath, MAIN]
  const child = spawn(command, args, {
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: String(listenPort),
      SUBMIT_RATE_LIMIT: '0',
      SERVICE_ROLE_KEY,
      LOG_LEVEL: 'warn',
      // A backup 5 s after start would land in the middle of a measurement; a case about backups sets its own.
      BACKUP_INTERVAL_HOURS: '0',
      ...env,
    },
    stdio: ['ignore', captureOutput ? 'pipe' : 'ignore', 'pipe'],
  })
  let stdout = ''
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout = (stdout + chunk.toString()).slice(-64_000)
  })
  let stderr = ''
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000)
  })
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  )
  const url = `http://127.0.0.1:${listenPort}`
  const deadline = Date.now() + 150_000
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`The server exited while starting: ${stderr}`)
    }
    const ok = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2_000) }).then(
      (r) => r.ok,
      () => false,
    )
    if (ok) break
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`The server did not become ready in time: ${stderr}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  return { url, child, exited, output: () => stdout }
}

/** Stops the server the way an operator's service manager does, and waits for it. */
export async function stopServer(server: ServerProcess) {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGTERM')
  return server.exited
}
