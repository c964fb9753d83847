// Small files: a source file past 250 lines is doing more than one thing. Tests,
// test support and generated files are left out.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = join(import.meta.dirname, '..')
const MAX_LINES = 250
const SOURCE = /\.(?:ts|tsx|js|mjs)$/
const LEFT_OUT = /\.(?:test|spec)\.tsx?$|(?:^|\/)testing\/|^supabase\/|\.d\.ts$/

describe('the source files', () => {
  it(`are at most ${MAX_LINES} lines each`, () => {
    const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
      cwd: ROOT,
      encoding: 'utf8',
    })
      .split('\n')
      .filter((file) => SOURCE.test(file) && !LEFT_OUT.test(file))
    expect(files).toContain('server/app.ts')
    const long = files
      .map((file) => ({ file, lines: readFileSync(join(ROOT, file), 'utf8').split('\n').length - 1 }))
      .filter(({ lines }) => lines > MAX_LINES)
    expect(long).toEqual([])
  })
})
