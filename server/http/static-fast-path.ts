import type { IncomingMessage, ServerResponse } from 'node:http'
import { ADMIN_API_PATH, ADMIN_PAGE_PATH } from '../../common/admin-api.ts'
import { chooseEncoding, ifNoneMatch, type Encoding, type StaticFile } from './static-files.ts'

/**
 * Answers GET and HEAD of the site's files in the server the app listens on,
 * before Fastify sees the request: routing, the request and reply objects and
 * every hook cost more than sending bytes already in memory. The answers are
 * the static site's routes' (static-site.ts), byte for byte, with the security
 * headers the onRequest hook would add; static-fast-path.test.ts holds them to
 * that. Everything else, and every request once the app is closing (Fastify
 * then answers 503), is left to Fastify: the inbox's pages, whose headers its
 * onSend hook sets, and unknown paths, which only the router can tell from
 * the API's (the not-found page is not worth a second router).
 */
export interface StaticFastPath {
  /** Answers the request and returns true, or returns false, having done nothing. */
  answer: (request: IncomingMessage, response: ServerResponse) => boolean
  /** The files the static site's routes serve, by the exact path of each route. */
  serve(routes: ReadonlyMap<string, StaticFile>): void
  /** Leaves every request to Fastify from now on. */
  stop(): void
}

interface Answer {
  status: number
  /** Name, value, name, value…: Node writes a flat list as it is. */
  headers: string[]
  body: Buffer | undefined
}

interface Variant {
  etag: string
  get: Answer
  head: Answer
  notModified: Answer
  notModifiedHead: Answer
}

interface Route {
  file: StaticFile
  variants: Partial<Record<Encoding, Variant>>
}

// What the router matches as it is: a path with percent-encoding or any other
// character is the router's to decode and match.
const LITERAL_PATH = /^\/[\w.~/-]*$/
// Hooks change answers under these (accounts/admin-headers.ts, postgrest/private-answers.ts).
const HOOKED_PREFIXES = [ADMIN_PAGE_PATH, ADMIN_API_PATH, '/rest/']

export function createStaticFastPath(securityHeaders: Record<string, string>): StaticFastPath {
  const security = Object.entries(securityHeaders).flat()
  let routes = new Map<string, Route>()
  return {
    serve(files) {
      routes = new Map()
      for (const [path, file] of files) {
        if (LITERAL_PATH.test(path) && !HOOKED_PREFIXES.some((prefix) => path.startsWith(prefix))) {
          routes.set(path, { file, variants: variantsOf(file, security) })
        }
      }
    },
    stop() {
      routes = new Map()
    },
    answer(request, response) {
      const method = request.method
      if (method !== 'GET' && method !== 'HEAD') return false
      const route = routes.get(pathOf(request.url ?? ''))
      if (route === undefined) return false
      try {
        const variant = route.variants[chooseEncoding(request.headers['accept-encoding'], route.file)]
        if (variant === undefined) return false
        const fresh = ifNoneMatch(request.headers['if-none-match'], variant.etag)
        const { status, headers, body } =
          method === 'GET'
            ? fresh
              ? variant.notModified
              : variant.get
            : fresh
              ? variant.notModifiedHead
              : variant.head
        response.writeHead(status, headers)
        response.end(body)
      } catch {
        // Unanswered, Fastify can still answer (or report) it; half-answered, the connection is unusable.
        if (!response.headersSent) return false
        response.destroy()
      }
      return true
    },
  }
}

/** The path as the router sees it: up to the query or fragment, both of which it ignores. */
function pathOf(url: string) {
  const query = url.indexOf('?')
  const fragment = url.indexOf('#')
  const end = query === -1 ? fragment : fragment === -1 ? query : Math.min(query, fragment)
  return end === -1 ? url : url.slice(0, end)
}

/** Every answer for every encoding the file has, as the route sends them (static-site.ts). */
function variantsOf(file: StaticFile, security: string[]): Route['variants'] {
  const variants: Route['variants'] = {}
  for (const encoding of ['br', 'gzip', 'identity'] as const) {
    const bytes = file.bodies[encoding]
    if (bytes === undefined) continue
    const { body, etag } = bytes
    const headers = [
      ...security,
      'content-type',
      file.type,
      'cache-control',
      file.cacheControl,
      'vary',
      'accept-encoding',
      ...(encoding === 'identity' ? [] : ['content-encoding', encoding]),
      'etag',
      etag,
    ]
    const sized = [...headers, 'content-length', String(body.length)]
    variants[encoding] = {
      etag,
      get: { status: 200, headers: sized, body },
      head: { status: 200, headers: sized, body: undefined },
      notModified: { status: 304, headers, body: undefined },
      // Fastify's HEAD routes send an empty answer's length, 0, even with a 304.
      notModifiedHead: { status: 304, headers: [...headers, 'content-length', '0'], body: undefined },
    }
  }
  return variants
}
