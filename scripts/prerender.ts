// Fills the built index.html with each page's HTML, so visitors see the text
// before any JavaScript runs. Runs after `vite build` and the SSR build of
// src/entry-server.tsx (see the `build` script).
import { readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { ROOT, fillRoot, inlineStylesheet } from './page-template.ts'

const webDir = join(import.meta.dirname, '..', 'dist', 'web')
const ssrDir = join(import.meta.dirname, '..', 'dist', 'ssr')

/** Output file → path rendered; the 404 page is what the server sends for unknown paths. */
const pages = { 'index.html': '/', '404.html': '/404' } as const

const { render } = (await import(pathToFileURL(join(ssrDir, 'entry-server.js')).href)) as {
  render: (path: string) => string
}
const built = await readFile(join(webDir, 'index.html'), 'utf8')
if (!built.includes(ROOT)) throw new Error(`dist/web/index.html has no ${ROOT} to fill.`)

// The whole stylesheet is a few kilobytes: inlined, it costs the first paint no
// extra round trip (the CSP allows inline styles, not inline scripts).
const STYLESHEET = /<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g
let template = built
for (const [link, href] of built.matchAll(STYLESHEET)) {
  const css = await readFile(join(webDir, href ?? ''), 'utf8')
  template = inlineStylesheet(template, link, css)
}

for (const [file, path] of Object.entries(pages)) {
  const html = render(path)
  await writeFile(join(webDir, file), fillRoot(template, html))
  console.log(`prerendered ${path} → dist/web/${file} (${html.length} characters)`)
}
await rm(ssrDir, { recursive: true, force: true })
