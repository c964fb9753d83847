// The README is the first page a newcomer reads: short, with the pictures it
// names present, and pointing only inside the repository.
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = join(import.meta.dirname, '..')
const readme = readFileSync(join(ROOT, 'README.md'), 'utf8')

describe('the README', () => {
  it('is at most 150 lines', () => {
    expect(readme.split('\n').length - 1).toBeLessThanOrEqual(150)
  })

  it('shows the page and the inbox from docs/images/, and both pictures exist', () => {
    const pictures = [...readme.matchAll(/!\[[^\]]*\]\(([^)]+)\)/g)].map((match) => match[1])
    expect(pictures).toEqual(['docs/images/page.png', 'docs/images/inbox.png'])
    for (const picture of pictures) expect(existsSync(join(ROOT, picture as string)), picture).toBe(true)
  })

  it('and no file of the repository names a path outside it', () => {
    const grep = spawnSync(
      'git',
      ['grep', '--untracked', '-l', '-e', '[.][.]/shared', '--', '.', ':!scripts/readme.test.ts'],
      {
        cwd: ROOT,
        encoding: 'utf8',
      },
    )
    // git grep exits 1 when nothing matches, 0 with matches, more on an error.
    expect(grep.status, grep.stderr).toBe(1)
    expect(grep.stdout).toBe('')
  })
})
