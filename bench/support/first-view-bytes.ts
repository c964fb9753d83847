import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

export interface FirstViewBytes {
  html: number
  /** The entry script and every module it preloads. */
  javascript: number
  css: number
}

const KB = 1024
/** What the first view may cost, gzip: enforced by check:budgets, printed by bench:web. */
export const FIRST_VIEW_BUDGETS = { javascript: 75 * KB, css: 10 * KB, beforeScroll: 150 * KB }

export const kilobytes = (bytes: number, digits = 1) => `${(bytes / KB).toFixed(digits)} KB`

const gzipSize = (data: Buffer) => gzipSync(data, { level: 9 }).length

/**
 * Gzip sizes of what a built page (index.html unless told) makes the browser
 * fetch before it can show the page: the document, its stylesheets, its entry
 * script and the modules it preloads. Chunks loaded on demand do not count.
 */
export async function measureFirstView(webDir: string, page = 'index.html'): Promise<FirstViewBytes> {
  const html = await readFile(join(webDir, page))
  const text = html.toString()
  const paths = (pattern: RegExp) => [...text.matchAll(pattern)].flatMap((match) => (match[1] ? [match[1]] : []))
  const scripts = [
    ...paths(/<script[^>]+src="\/([^"]+)"/g),
    ...paths(/<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+)"/g),
  ]
  const styles = paths(/<link[^>]+rel="stylesheet"[^>]+href="\/([^"]+)"/g)
  // Stylesheets inlined into the page (scripts/prerender.ts) count as CSS too.
  const inlineCss = [...text.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => match[1] ?? '').join('')
  const sum = async (files: string[]) => {
    let total = 0
    for (const file of files) total += gzipSize(await readFile(join(webDir, file)))
    return total
  }
  return {
    html: gzipSize(html),
    javascript: await sum(scripts),
    css: (await sum(styles)) + (inlineCss ? gzipSize(Buffer.from(inlineCss)) : 0),
  }
}
