// `npm start`: builds only when the sources (or VITE_* settings) changed since
// the last build, so a restart on an existing data dir is ready in seconds.
// `--record` marks a finished build; `npm run build` ends with it.
import { execSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { loadEnv } from 'vite'
import { SITE_MANIFEST_FILE } from '../common/site-manifest.ts'

const root = join(import.meta.dirname, '..')
const stamp = join(root, 'dist', '.build-stamp')
const SOURCES = [
  'src',
  'common',
  'server',
  'migrations',
  'public',
  'scripts',
  'index.html',
  'admin',
  'package.json',
  'package-lock.json',
  'vite.config.ts',
  'tsconfig.server.json',
  'tsconfig.base.json',
]

function newest(path: string): number {
  if (!existsSync(path)) return 0
  const stats = statSync(path)
  if (!stats.isDirectory()) return stats.mtimeMs
  return Math.max(stats.mtimeMs, ...readdirSync(path).map((name) => newest(join(path, name))))
}

const built = existsSync(stamp) ? statSync(stamp).mtimeMs : 0
// Variables read at build time change the page too: from the environment or
// from .env files, read the way the build reads them.
const buildEnv = Object.entries(loadEnv('production', root, 'VITE_'))
  .sort(([a], [b]) => a.localeCompare(b))
  .join('\n')
// The server refuses to start without the site manifest, so a page without one needs building;
// a build from before the lead inbox has no admin/index.html.
const stale =
  SOURCES.some((source) => newest(join(root, source)) > built) ||
  !['index.html', 'admin/index.html', SITE_MANIFEST_FILE].every((file) => existsSync(join(root, 'dist', 'web', file)))
const envChanged = existsSync(stamp) && readFileSync(stamp, 'utf8') !== buildEnv

if (process.argv.includes('--record')) {
  // The last step of `npm run build`: remember what this build was made from.
  writeFileSync(stamp, buildEnv)
} else if (stale || envChanged) {
  execSync('npm run build', { cwd: root, stdio: 'inherit' })
} else {
  console.log('The build is up to date; starting the server.')
}
