import type { FastifyRequest } from 'fastify'

// Names browsers treat as this machine, where they keep Secure cookies over plain HTTP.
const LOOPBACK = /^(localhost|[^.]+\.localhost|127(?:\.\d{1,3}){3}|\[::1\]|::1)$/i

/**
 * Whether the browser will keep the Secure session cookie: the request came
 * over HTTPS (as seen through the proxies TRUST_PROXY trusts), or to a
 * loopback name. `request.hostname` is the name the browser asked for.
 */
export function isSecureTransport(request: FastifyRequest): boolean {
  return request.protocol === 'https' || LOOPBACK.test(request.hostname)
}
