import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'

/**
 * Installs Debian packages whose marker file is missing. Benchmarks need
 * tools (wrk, nginx, pgbench) that a fresh machine lacks; this needs root.
 */
export function ensureDebianPackages(packages: Record<string, string>) {
  const missing = Object.entries(packages)
    .filter(([, marker]) => !existsSync(marker))
    .map(([name]) => name)
  if (missing.length === 0) return
  console.log(`Installing Debian packages: ${missing.join(' ')}`)
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env })
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], { stdio: 'inherit', env })
}
