// The import graph of the code's folders: every first-level folder of server/,
// src/ and common/ is one node, and each file directly in one of those three is
// a node of its own. Tests and test support are left out: nothing ships them.
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'

export const CODE_ROOTS = ['server', 'src', 'common'] as const

const IMPORT = /(?:\bfrom\s+|\bimport\s*\(\s*|^\s*import\s+)['"](\.{1,2}\/[^'"]+)['"]/gm
const SOURCE = /\.tsx?$/
const LEFT_OUT = /\.test\.tsx?$|\.d\.ts$/

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) {
      if (entry.name !== 'testing' && entry.name !== 'node_modules') yield* sourceFiles(path)
    } else if (SOURCE.test(entry.name) && !LEFT_OUT.test(entry.name)) yield path
  }
}

/** `server/leads`, `src/inbox`, or `server/app.ts` for a file directly in a root. */
export function nodeOf(path: string): string {
  const parts = path.split(sep)
  return parts.length <= 2 ? parts.join('/') : `${parts[0]}/${parts[1]}`
}

/** Node → the nodes it imports, for the code under `root`. */
export function folderGraph(root: string): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>()
  for (const top of CODE_ROOTS) {
    for (const file of sourceFiles(join(root, top))) {
      const from = nodeOf(relative(root, file))
      const edges = graph.get(from) ?? new Set<string>()
      graph.set(from, edges)
      for (const [, specifier] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
        const target = relative(root, resolve(dirname(file), specifier as string))
        if (target.startsWith('..')) continue
        const to = nodeOf(target)
        if (to !== from && CODE_ROOTS.some((code) => to.startsWith(`${code}/`))) edges.add(to)
      }
    }
  }
  return graph
}

/** The graph's cycles: its strongly connected components of more than one node (Tarjan). */
export function cyclesOf(graph: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  let counter = 0
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const cycles: string[][] = []
  const visit = (node: string) => {
    index.set(node, counter)
    low.set(node, counter++)
    stack.push(node)
    onStack.add(node)
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next)
        low.set(node, Math.min(low.get(node) as number, low.get(next) as number))
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node) as number, index.get(next) as number))
    }
    if (low.get(node) !== index.get(node)) return
    const component: string[] = []
    for (let member = stack.pop(); member !== undefined; member = stack.pop()) {
      onStack.delete(member)
      component.push(member)
      if (member === node) break
    }
    if (component.length > 1) cycles.push(component.sort())
  }
  for (const node of graph.keys()) if (!index.has(node)) visit(node)
  return cycles
}
