import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * The folder holding package.json. This file runs from server/ under vitest and
 * tsx, and from dist/server/server/ once compiled, so a fixed '../..' would be
 * wrong in one of them.
 */
export function findProjectRoot(from: string | URL = import.meta.url): string {
  let dir = dirname(fileURLToPath(from))
  for (;;) {
    if (existsSync(join(dir, 'package.json'))) return dir
    const parent = dirname(dir)
    if (parent === dir) throw new Error(`No package.json above ${fileURLToPath(from)}`)
    dir = parent
  }
}
