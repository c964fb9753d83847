import { createHash } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import { extname, join, relative, sep } from 'node:path'
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib'
import { negotiate } from '@fastify/accept-negotiator'

// Vite puts content-hashed files under assets/: a changed file gets a new name,
// so browsers may keep these forever. Everything else must be revalidated, or a
// deploy would leave visitors on an old index.html pointing at old assets.
const IMMUTABLE = 'public, max-age=31536000, immutable'
export const REVALIDATE = 'no-cache'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
}
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.json', '.txt', '.xml', '.webmanifest', '.ico'])

/** Text-like files worth compressing; images and fonts are compressed already. */
export const isCompressible = (path: string, size: number) => COMPRESSIBLE.has(extname(path)) && size > 256

export type Encoding = 'br' | 'gzip' | 'identity'

interface Body {
  body: Buffer
  etag: string
}

export interface StaticFile {
  type: string
  cacheControl: string
  /** The bytes to send for each encoding this file has, with a strong ETag each. */
  bodies: Record<'identity', Body> & Partial<Record<'br' | 'gzip', Body>>
}

/**
 * Reads the whole built site into memory once, at start: it is a few hundred
 * kilobytes, and serving from memory is what lets one Node process come near
 * nginx. Compressed forms come from the build's .br/.gz files
 * (scripts/precompress.ts); a file without them is compressed here, once.
 * Keys are URL paths ('/assets/index-abc.js').
 */
export async function loadStaticFiles(webRoot: string): Promise<Map<string, StaticFile>> {
  const files = new Map<string, StaticFile>()
  const entries = await readdir(webRoot, { recursive: true, withFileTypes: true })
  for (const entry of entries) {
    if (!entry.isFile()) continue
    const path = join(entry.parentPath, entry.name)
    const extension = extname(entry.name)
    if (extension === '.br' || extension === '.gz') continue
    const raw = await readFile(path)
    const urlPath = `/${relative(webRoot, path).split(sep).join('/')}`
    const compressed = isCompressible(path, raw.length)
      ? {
          br: (await readFile(`${path}.br`).catch(() => undefined)) ?? brotli(raw),
          gzip: (await readFile(`${path}.gz`).catch(() => undefined)) ?? gzip(raw),
        }
      : undefined
    files.set(urlPath, {
      type: TYPES[extension] ?? 'application/octet-stream',
      cacheControl: urlPath.startsWith('/assets/') ? IMMUTABLE : REVALIDATE,
      bodies: bodiesOf(raw, compressed),
    })
  }
  return files
}

function bodiesOf(raw: Buffer, compressed: { br: Buffer; gzip: Buffer } | undefined): StaticFile['bodies'] {
  const hash = createHash('sha256').update(raw).digest('base64url').slice(0, 22)
  const bodies: StaticFile['bodies'] = { identity: { body: raw, etag: `"${hash}"` } }
  if (compressed && compressed.br.length < raw.length) bodies.br = { body: compressed.br, etag: `"${hash}-br"` }
  if (compressed && compressed.gzip.length < raw.length) bodies.gzip = { body: compressed.gzip, etag: `"${hash}-gz"` }
  return bodies
}

/**
 * An HTML file with `tags` added at the end of its head, its compressed forms
 * and ETags made again (once, at start). What the server tells the page of its
 * own settings (docs/decisions/047-ads-consent-beside-the-lead.md); the file
 * as built when there is nothing to add, or no head to add it to.
 */
export function withHeadTags(file: StaticFile, tags: string): StaticFile {
  const html = file.bodies.identity.body.toString('utf8')
  const end = html.indexOf('</head>')
  if (tags === '' || end === -1) return file
  const raw = Buffer.from(`${html.slice(0, end)}${tags}${html.slice(end)}`)
  return { ...file, bodies: bodiesOf(raw, { br: brotli(raw), gzip: gzip(raw) }) }
}

/** The strongest settings: they are paid once, at build (or start), not per request. */
export const brotli = (raw: Buffer) =>
  brotliCompressSync(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length } })
export const gzip = (raw: Buffer) => gzipSync(raw, { level: 9 })

/** The best encoding the client accepts that the file has: brotli, then gzip, then none. */
export function chooseEncoding(acceptEncoding: string | undefined, file: StaticFile): Encoding {
  if (!acceptEncoding) return 'identity'
  const offered = ENCODINGS.filter((encoding) => file.bodies[encoding])
  return (negotiate(acceptEncoding, offered) as Encoding | null) ?? 'identity'
}

// In order of preference when the client likes several equally.
const ENCODINGS: Encoding[] = ['br', 'gzip', 'identity']

/** Whether an If-None-Match header names this ETag (weakly compared, as GET allows), or is `*`. */
export function ifNoneMatch(header: string | undefined, etag: string) {
  if (!header) return false
  return header === '*' || header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)
}
