// The import graph of the code's folders, drawn once for every depth: at depth 2
// every first-level folder of server/, src/ and common/ is one node (with all
// below it), at depth 3 every folder one level further down, and so on. A file
// stands for the deepest of its folders the depth reaches, so a folder's own
// files meet its sub-folders in one graph: src/inbox/main.tsx is the node
// src/inbox at depth 3, beside src/inbox/app. A file directly in a root is a node
// of its own at every depth (server/app.ts composes the folders it sits beside).
// Tests and test support are left out: nothing ships them.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
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

/**
 * The node of `path` at `depth` (in path segments): `server/leads` for
 * `server/leads/deep/x.ts` at depth 2, `server/leads/deep` at depth 3 or more;
 * `server/app.ts` for a file directly in a root.
 */
export function nodeOf(path: string, depth = 2): string {
  const parts = path.split(sep)
  const folders = parts.slice(0, -1)
  return folders.length <= 1 ? parts.join('/') : folders.slice(0, depth).join('/')
}

/** Each source file under `root`'s code roots → the files it imports (relative to `root`). */
export function fileImports(root: string): Map<string, string[]> {
  const imports = new Map<string, string[]>()
  for (const top of CODE_ROOTS.filter((code) => existsSync(join(root, code)))) {
    for (const file of sourceFiles(join(root, top))) {
      const targets = [...readFileSync(file, 'utf8').matchAll(IMPORT)]
        .map(([, specifier]) => relative(root, resolve(dirname(file), specifier as string)))
        .filter((target) => CODE_ROOTS.some((code) => target.startsWith(`${code}${sep}`)))
      imports.set(relative(root, file), targets)
    }
  }
  return imports
}

/** Node → the nodes it imports, at `depth`, for the code under `root` (or the imports given). */
export function folderGraph(root: string, depth = 2, imports = fileImports(root)): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>()
  for (const [file, targets] of imports) {
    const from = nodeOf(file, depth)
    const edges = graph.get(from) ?? new Set<string>()
    graph.set(from, edges)
    for (const target of targets) {
      const to = nodeOf(target, depth)
      if (to !== from) edges.add(to)
    }
  }
  return graph
}

/** The cycles at every depth, from the first-level folders down to the deepest: depth → its cycles, for those with any. */
export function cyclesAtEveryDepth(root: string): Map<number, string[][]> {
  const imports = fileImports(root)
  const deepest = Math.max(...[...imports.keys()].map((file) => file.split(sep).length - 1))
  const found = new Map<number, string[][]>()
  for (let depth = 2; depth <= deepest; depth++) {
    const cycles = cyclesOf(folderGraph(root, depth, imports))
    if (cycles.length > 0) found.set(depth, cycles)
  }
  return found
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

/**
 * The cycles between files, type-only imports included (lint's import-x/no-cycle
 * passes over those): what `madge --circular` reports.
 */
export function fileCycles(root: string, imports = fileImports(root)): string[][] {
  return cyclesOf(new Map([...imports].map(([file, targets]) => [file, new Set(targets)])))
}
