import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { cyclesOf, folderGraph, nodeOf } from './folder-graph.ts'

const ROOT = join(import.meta.dirname, '..')

describe('the folders of server/, src/ and common/', () => {
  it('import each other without a cycle', () => {
    const graph = folderGraph(ROOT)
    // The graph is real: the features and the shared machinery are in it, with their imports.
    expect(graph.get('server/leads')?.has('server/db')).toBe(true)
    expect(graph.get('src/inbox')?.has('common/admin-api.ts')).toBe(true)
    expect(cyclesOf(graph)).toEqual([])
  })

  it('count a file directly in a root as a node of its own', () => {
    expect(nodeOf(join('server', 'app.ts'))).toBe('server/app.ts')
    expect(nodeOf(join('server', 'leads', 'deep', 'x.ts'))).toBe('server/leads')
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
