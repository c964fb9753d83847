import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns'
import http from 'node:http'
import https from 'node:https'
import { BlockList, isIP, type LookupFunction } from 'node:net'

/**
 * Addresses a lead notification must not reach unless the operator allows it:
 * this host, the private networks and link-local (cloud metadata services live
 * there), and the ranges that are not destinations at all.
 */
const PRIVATE = new BlockList()
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv4')
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv6')
}

/** Whether `address` (an IP) is private, loopback, link-local or otherwise not a public destination. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address)
  if (family === 0) return true
  // BlockList checks an IPv4-mapped IPv6 address against the IPv4 ranges too.
  return PRIVATE.check(address, family === 6 ? 'ipv6' : 'ipv4')
}

export class PrivateAddressError extends Error {
  override name = 'PrivateAddressError'
  readonly code = 'EPRIVATEADDRESS'
}

/**
 * dns.lookup, keeping only public addresses. It runs when the socket
 * connects, so the address checked is the address used: a name that resolves
 * to a public address when configured and to a private one later is still refused.
 */
const publicLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...(options as LookupOptions), all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 0)
    const allowed = addresses.filter((entry) => !isPrivateAddress(entry.address))
    const [first] = allowed
    if (first === undefined) {
      return callback(new PrivateAddressError(`${hostname} resolves only to private addresses (WEBHOOK_ALLOW_PRIVATE is not true)`), '', 0)
    }
    if ((options as LookupOptions).all) return (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, allowed)
    callback(null, first.address, first.family)
  })
}

export interface PostOptions {
  headers: Record<string, string>
  timeoutMs: number
  allowPrivate: boolean
  /** Aborts the request (the server is closing). */
  signal?: AbortSignal
}

export interface PostAnswer {
  status: number
  retryAfter: string | undefined
}

/**
 * POSTs `body` to `url` and resolves with the status once the answer has been
 * read (and dropped). A redirect is answered, never followed. The whole
 * exchange is bounded by `timeoutMs`; a fresh connection per request keeps
 * nothing open after it.
 */
export function postJson(url: URL, body: string, { headers, timeoutMs, allowPrivate, signal }: PostOptions): Promise<PostAnswer> {
  return new Promise((resolve, reject) => {
    const host = url.hostname.replace(/^\[(.*)\]$/, '$1')
    // A literal IP is connected to without any lookup, so it is checked here.
    if (!allowPrivate && isIP(host) !== 0 && isPrivateAddress(host)) {
      reject(new PrivateAddressError(`${host} is a private address (WEBHOOK_ALLOW_PRIVATE is not true)`))
      return
    }
    const client = url.protocol === 'https:' ? https : http
    const request = client.request(url, {
      method: 'POST',
      agent: false,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body).toString(), 'user-agent': 'landing-page-notifier', ...headers },
      ...(!allowPrivate && { lookup: publicLookup }),
      ...(signal && { signal }),
    })
    const timer = setTimeout(() => request.destroy(new Error(`no complete answer within ${timeoutMs / 1000} s`)), timeoutMs)
    const settle = () => clearTimeout(timer)
    request.on('error', (error) => {
      settle()
      reject(error)
    })
    request.on('response', (response) => {
      const header = response.headers['retry-after']
      response.on('error', (error) => {
        settle()
        reject(error)
      })
      response.on('end', () => {
        settle()
        resolve({ status: response.statusCode ?? 0, retryAfter: Array.isArray(header) ? header[0] : header })
      })
      response.resume()
    })
    request.end(body)
  })
}
