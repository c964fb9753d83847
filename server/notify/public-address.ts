import { isIP } from 'node:net'
import ipaddr from 'ipaddr.js'

type IPv4 = ipaddr.IPv4
type IPv6 = ipaddr.IPv6

// IANA allocates global unicast from 2000::/3 only; everything else is special or unassigned.
const GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR('2000::/3')
// ipaddr.js has no name for these: IPv4-compatible (::a.b.c.d, deprecated, reaches IPv4
// where the host still tunnels it) and NAT64's local-use prefix (a private translator).
const IPV4_COMPATIBLE = ipaddr.IPv6.parseCIDR('::/96')
const NAT64_LOCAL_USE = ipaddr.IPv6.parseCIDR('64:ff9b:1::/48')

/** The IPv4 address in the last 32 bits of `address`. */
const lastIPv4 = ({ parts }: IPv6): IPv4 =>
  new ipaddr.IPv4([(parts[6] ?? 0) >> 8, (parts[6] ?? 0) & 0xff, (parts[7] ?? 0) >> 8, (parts[7] ?? 0) & 0xff])

/**
 * The IPv4 address an IPv6 address stands for, when connecting to it reaches
 * that IPv4 host (or a translator or relay that forwards to it): IPv4-mapped,
 * IPv4-compatible, IPv4-translated, NAT64 and 6to4. `null` for any other form.
 */
function embeddedIPv4(address: IPv6): IPv4 | null {
  const range = address.range()
  if (range === 'ipv4Mapped' || range === 'rfc6145' || range === 'rfc6052' || address.match(IPV4_COMPATIBLE))
    return lastIPv4(address)
  if (range === '6to4') {
    const [, high = 0, low = 0] = address.parts
    return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff])
  }
  return null
}

const isPublicIPv4 = (address: IPv4) => address.range() === 'unicast'

function isPublicIPv6(address: IPv6): boolean {
  // Its own translator: the IPv4 behind it can be anything, private included.
  if (address.match(NAT64_LOCAL_USE)) return false
  const embedded = embeddedIPv4(address)
  if (embedded !== null) return isPublicIPv4(embedded)
  // Teredo ('teredo') and every other named range are refused along with the rest.
  return address.range() === 'unicast' && address.match(GLOBAL_UNICAST)
}

/**
 * Whether `address` (an IP, as a socket would connect to it) is globally
 * reachable unicast. Loopback, private, carrier-grade NAT, link-local,
 * unique-local, multicast, broadcast, unspecified, documentation, benchmarking
 * and reserved ranges are not, nor is an IPv6 spelling of any of them.
 */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address)
  if (family === 4) return ipaddr.IPv4.isValidFourPartDecimal(address) && isPublicIPv4(ipaddr.IPv4.parse(address))
  if (family === 6 && ipaddr.IPv6.isValid(address)) return isPublicIPv6(ipaddr.IPv6.parse(address))
  return false
}
