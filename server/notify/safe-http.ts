import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns'
import http from 'node:http'
import https from 'node:https'
import { isIP, type LookupFunction } from 'node:net'
import { isPublicAddress } from './public-address.ts'

/**
 * Whether a lead notification must not reach `address` unless the operator
 * allows it: anything but globally reachable unicast. This host, the private
 * networks and link-local (cloud metadata services live there) are the ones
 * that matter; the rest are not destinations at all.
 */
export const isPrivateAddress = (address: string): boolean => !isPublicAddress(address)

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
      return callback(
        new PrivateAddressError(
          `${hostname} resolves only to addresses that are not public: private, loopback, link-local or reserved (WEBHOOK_ALLOW_PRIVATE is not true)`,
        ),
        '',
        0,
      )
    }
    if ((options as LookupOptions).all)
      return (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, allowed)
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
export function postJson(
  url: URL,
  body: string,
  { headers, timeoutMs, allowPrivate, signal }: PostOptions,
): Promise<PostAnswer> {
  return new Promise((resolve, reject) => {
    const host = url.hostname.replace(/^\[(.*)\]$/, '$1')
    // A literal IP is connected to without any lookup, so it is checked here.
    if (!allowPrivate && isIP(host) !== 0 && isPrivateAddress(host)) {
      reject(
        new PrivateAddressError(
          `${host} is not a public address: private, loopback, link-local or reserved (WEBHOOK_ALLOW_PRIVATE is not true)`,
        ),
      )
      return
    }
    const client = url.protocol === 'https:' ? https : http
    const request = client.request(url, {
      method: 'POST',
      agent: false,
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body).toString(),
        'user-agent': 'landing-page-notifier',
        ...headers,
      },
      ...(!allowPrivate && { lookup: publicLookup }),
      ...(signal && { signal }),
    })
    const timer = setTimeout(
      () => request.destroy(new Error(`no complete answer within ${timeoutMs / 1000} s`)),
      timeoutMs,
    )
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
