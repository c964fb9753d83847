import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { cyclesAtEveryDepth, cyclesOf, fileCycles, folderGraph, nodeOf } from './folder-graph.ts'

const ROOT = join(import.meta.dirname, '..')

describe('the folders of server/, src/ and common/', () => {
  it('import each other without a cycle, at every depth', () => {
    // The graph is real: the features and the shared machinery are in it, with their imports,
    // and one level down the inbox's app imports its screens.
    expect(folderGraph(ROOT).get('server/leads')?.has('server/db')).toBe(true)
    expect(folderGraph(ROOT, 3).get('src/inbox/app')?.has('src/inbox/lead-list')).toBe(true)
    expect(cyclesAtEveryDepth(ROOT)).toEqual(new Map())
  })

  it('hold no cycle between files, type-only imports included', () => {
    expect(fileCycles(ROOT)).toEqual([])
  })

  it('count a file by the deepest of its folders the depth reaches, and a file directly in a root as a node of its own', () => {
    expect(nodeOf(join('server', 'app.ts'))).toBe('server/app.ts')
    expect(nodeOf(join('server', 'app.ts'), 4)).toBe('server/app.ts')
    expect(nodeOf(join('server', 'leads', 'deep', 'x.ts'))).toBe('server/leads')
    expect(nodeOf(join('server', 'leads', 'deep', 'x.ts'), 3)).toBe('server/leads/deep')
    expect(nodeOf(join('src', 'inbox', 'main.tsx'), 3)).toBe('src/inbox')
  })

  it('would show a cycle, however long', () => {
    const graph = new Map([
      ['server/a', new Set(['server/b'])],
      ['server/b', new Set(['server/c'])],
      ['server/c', new Set(['server/a', 'server/d'])],
      ['server/d', new Set<string>()],
    ])
    expect(cyclesOf(graph)).toEqual([['server/a', 'server/b', 'server/c']])
  })
})

describe('a made-up tree with a cycle below the first level', () => {
  let root: string | undefined
  afterEach(() => {
    if (root) rmSync(root, { recursive: true, force: true })
  })

  /** A throwaway project whose files (path → source) are written under its code roots. */
  function tree(files: Record<string, string>): string {
    root = mkdtempSync(join(tmpdir(), 'folder-graph-'))
    for (const [path, source] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true })
      writeFileSync(join(root, path), source)
    }
    return root
  }

  it('fails for two sub-folders of one folder that import each other, with no file cycle', () => {
    const project = tree({
      'src/inbox/list/list-page.ts': "import { detail } from '../detail/detail-link.ts'\nexport const page = detail\n",
      'src/inbox/detail/detail-link.ts': 'export const detail = 1\n',
      'src/inbox/detail/detail-page.ts': "import { row } from '../list/list-row.ts'\nexport const page = row\n",
      'src/inbox/list/list-row.ts': 'export const row = 1\n',
    })
    // One level down all four files are src/inbox: no cycle there, so a first-level check misses it.
    expect(cyclesOf(folderGraph(project))).toEqual([])
    expect(cyclesAtEveryDepth(project)).toEqual(new Map([[3, [['src/inbox/detail', 'src/inbox/list']]]]))
  })

  it('fails for a folder’s own file and its sub-folder importing each other, three levels down', () => {
    const project = tree({
      'server/a/b/entry.ts': "import { part } from './c/part.ts'\nexport const entry = part\n",
      'server/a/b/format.ts': 'export const format = 1\n',
      'server/a/b/c/part.ts': "import { format } from '../format.ts'\nexport const part = format\n",
    })
    expect(cyclesAtEveryDepth(project)).toEqual(new Map([[4, [['server/a/b', 'server/a/b/c']]]]))
  })

  it('fails for two files that import each other only for their types', () => {
    const project = tree({
      'server/a/range.ts': "import type { Read } from './read.ts'\nexport type Range = { read: Read }\n",
      'server/a/read.ts': "import type { Range } from './range.ts'\nexport type Read = { range: Range }\n",
    })
    expect(fileCycles(project)).toEqual([[join('server', 'a', 'range.ts'), join('server', 'a', 'read.ts')]])
  })
})
