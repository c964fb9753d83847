import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { ADMIN_API_PATH } from '../../common/admin-api.ts'
import type { AdminSession } from '../../common/session-api.ts'

const ADMIN_CLI = join(import.meta.dirname, '..', '..', 'dist', 'server', 'server', 'cli', 'admin.js')

/**
 * Adds an inbox account with the built `npm run admin -- add`, the password
 * on standard input, as an operator does. On the embedded database, before
 * the server starts: it admits one process at a time.
 */
export function addAdminAccount(env: Record<string, string>, email: string, password: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [ADMIN_CLI, 'add', email], {
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['pipe', 'ignore', 'pipe'],
    })
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString()
    })
    child.once('error', reject)
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`admin add exited with ${code}: ${stderr}`)),
    )
    child.stdin.end(`${password}\n`)
  })
}

export interface AdminSignIn {
  /** `name=value`, for a request's cookie header. */
  cookie: string
  csrfToken: string
}

/** Signs in over HTTP on loopback, which the server counts as a secure transport; throws when refused. */
export async function signInOver(baseUrl: string, email: string, password: string): Promise<AdminSignIn> {
  const response = await fetch(`${baseUrl}${ADMIN_API_PATH}/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
    signal: AbortSignal.timeout(30_000),
  })
  if (response.status !== 200) throw new Error(`sign-in refused: ${response.status} ${await response.text()}`)
  const cookie = response.headers.getSetCookie()[0]?.split(';')[0]
  if (cookie === undefined) throw new Error('sign-in set no session cookie')
  const session = (await response.json()) as AdminSession
  return { cookie, csrfToken: session.csrfToken }
}
