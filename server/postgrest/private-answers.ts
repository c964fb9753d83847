import type { FastifyReply } from 'fastify'
import fastifyPlugin from 'fastify-plugin'

const REST_ROUTES = '/rest/v1/'
const VARY_ON = ['apikey', 'authorization']

/**
 * What the REST API answers depends on the key a request carries (the service
 * role's read is every applicant's personal data; the same read without it is
 * a 401), so no cache may keep an answer, nor hand one to a request with
 * another key. Decided by the route that answers, so a percent-encoded path
 * is covered too; CORS preflights, which carry no key, are left as PostgREST
 * answers them. Register it on the root instance, before the routes: the events
 * table's insert sits under /rest/v1 outside the REST API's own scope.
 */
export const privateRestAnswers = fastifyPlugin(async (app) => {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.method !== 'OPTIONS' && request.routeOptions.url?.startsWith(REST_ROUTES)) {
      reply.header('cache-control', 'no-store')
      addVary(reply, VARY_ON)
    }
    done(null, payload)
  })
})

/** Adds names to Vary, keeping those there already (CORS adds Origin, compression Accept-Encoding). */
function addVary(reply: FastifyReply, names: readonly string[]) {
  const current = reply.getHeader('vary')
  const listed = (Array.isArray(current) ? current.join(',') : String(current ?? ''))
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '')
  if (listed.includes('*')) return
  const known = new Set(listed.map((name) => name.toLowerCase()))
  reply.header('vary', [...listed, ...names.filter((name) => !known.has(name))].join(', '))
}
