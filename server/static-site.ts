import { readFile } from 'node:fs/promises'
import { join, relative, sep } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'

// Vite puts content-hashed files under assets/: a changed file gets a new name,
// so browsers may keep these forever. Everything else must be revalidated, or a
// deploy would leave visitors on an old index.html pointing at old assets.
const IMMUTABLE = 'public, max-age=31536000, immutable'
const REVALIDATE = 'no-cache'

/**
 * Serves the built site from `webRoot` and answers every other path: GET and
 * HEAD get status 404 with the prerendered not-found page (404.html, made by
 * scripts/prerender.ts), which React hydrates; other methods get a JSON 404. Registered on the root instance, since the
 * not-found handler applies to the whole app.
 */
export function registerStaticSite(app: FastifyInstance, webRoot: string) {
  app.register(fastifyStatic, {
    root: webRoot,
    cacheControl: false,
    setHeaders(reply, path) {
      const isAsset = relative(webRoot, path).startsWith(`assets${sep}`)
      reply.header('cache-control', isAsset ? IMMUTABLE : REVALIDATE)
    },
  })

  app.setNotFoundHandler(async (request, reply) => {
    if (request.method === 'GET' || request.method === 'HEAD') {
      // Read on each miss rather than at start, so a rebuilt site needs no restart.
      const page = await readFile(join(webRoot, '404.html')).catch(() => undefined)
      if (page) {
        return reply
          .code(404)
          .header('cache-control', REVALIDATE)
          .type('text/html; charset=utf-8')
          .send(page)
      }
    }
    return reply.code(404).send({ statusCode: 404, error: 'Not Found', message: 'Not Found' })
  })
}
