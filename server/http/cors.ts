import fastifyCors from '@fastify/cors'
import type { FastifyInstance } from 'fastify'
import type { Config } from '../config.ts'

/** What a browser may send: the headers supabase-js and the page put on their calls. */
const CORS_ALLOWED_HEADERS = [
  'authorization',
  'apikey',
  'content-type',
  'content-profile',
  'accept-profile',
  'prefer',
  'x-client-info',
  'range',
]

/**
 * What page scripts may read: PostgREST's paging and preference headers,
 * Location (return=headers-only), and Retry-After (429, 503).
 */
const CORS_EXPOSED_HEADERS = ['content-range', 'content-location', 'preference-applied', 'location', 'retry-after']

const CORS_METHODS = ['GET', 'POST', 'PATCH', 'DELETE', 'OPTIONS']

/** As PostgREST: browsers may reuse an answered preflight for a day (Chromium caps it at 2 hours). */
const CORS_MAX_AGE_SECONDS = 86_400

/**
 * Cross-origin access to the REST API, answered as PostgREST does, so a page
 * built for another origin can post here. Register inside the API's own scope:
 * the site itself needs no CORS. No cookies are involved, so no credentials.
 */
export function registerCors(app: FastifyInstance, origins: Config['corsOrigins']) {
  return app.register(fastifyCors, {
    // A list is matched exactly and the matching origin sent back (with Vary: Origin); others get no CORS headers.
    origin: origins,
    methods: CORS_METHODS,
    allowedHeaders: CORS_ALLOWED_HEADERS,
    exposedHeaders: CORS_EXPOSED_HEADERS,
    maxAge: CORS_MAX_AGE_SECONDS,
    // PostgREST answers an OPTIONS without preflight headers too, rather than with a bare-text 400.
    strictPreflight: false,
  })
}
