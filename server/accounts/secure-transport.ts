import { isIP } from 'node:net'
import type { FastifyRequest } from 'fastify'

// Names browsers treat as this machine, where they keep Secure cookies over plain HTTP.
const LOOPBACK_NAME = /^(localhost|[^.]+\.localhost|127(?:\.\d{1,3}){3}|\[::1\]|::1)$/i

/** 127.0.0.0/8 and ::1, as IPv4 or IPv6 (::ffff:127.0.0.1, as a dual-stack socket reports it). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (address === undefined || isIP(address) === 0) return false
  const v4 = address.replace(/^::ffff:/i, '')
  return /^127\./.test(v4) || /^(?:0{0,4}:){7}0{0,3}1$|^::1$/i.test(address)
}

/**
 * Whether the session cookie may be set: the request came over HTTPS (as seen
 * through the proxies TRUST_PROXY trusts), or it comes from this machine to a
 * loopback name, where the browser keeps a Secure cookie over plain HTTP and
 * nothing crosses a network. "From this machine" is the socket's peer and the
 * client address the trusted proxies report, never the Host header, which any
 * client writes: Host: localhost from elsewhere is plain HTTP over a network.
 */
export function isSecureTransport(request: FastifyRequest): boolean {
  if (request.protocol === 'https') return true
  return (
    isLoopbackAddress(request.socket.remoteAddress) &&
    isLoopbackAddress(request.ip) &&
    LOOPBACK_NAME.test(request.hostname)
  )
}
