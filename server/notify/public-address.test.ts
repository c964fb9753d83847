import { describe, expect, it } from 'vitest'
import { isPublicAddress } from './public-address.ts'

// [address, what it is]; every one of them must be refused.
const REFUSED: [string, string][] = [
  ['0.0.0.0', 'unspecified'],
  ['0.1.2.3', '"this network"'],
  ['10.1.2.3', 'private'],
  ['100.64.0.1', 'carrier-grade NAT'],
  ['100.127.255.254', 'carrier-grade NAT, last'],
  ['127.0.0.1', 'loopback'],
  ['127.255.255.254', 'loopback, elsewhere in 127/8'],
  ['169.254.169.254', 'link-local (cloud metadata)'],
  ['172.16.0.1', 'private'],
  ['172.31.255.254', 'private, last'],
  ['192.0.0.8', 'IETF protocol assignments 192.0.0.0/24'],
  ['192.0.2.2', 'TEST-NET-1'],
  ['198.51.100.7', 'TEST-NET-2'],
  ['203.0.113.9', 'TEST-NET-3'],
  ['192.88.99.1', '6to4 relay anycast (deprecated)'],
  ['192.168.1.1', 'private'],
  ['198.18.0.1', 'benchmarking'],
  ['198.19.255.254', 'benchmarking, last'],
  ['224.0.0.1', 'multicast'],
  ['239.255.255.250', 'multicast (SSDP)'],
  ['240.0.0.1', 'reserved'],
  ['255.255.255.255', 'broadcast'],
  ['::', 'IPv6 unspecified'],
  ['::1', 'IPv6 loopback'],
  ['fe80::1', 'IPv6 link-local'],
  ['fe80::1%1', 'IPv6 link-local with a zone'],
  ['fec0::1', 'deprecated site-local'],
  ['fc00::1', 'unique-local'],
  ['fd12:3456::1', 'unique-local'],
  ['ff02::1', 'IPv6 multicast'],
  ['2001:db8::1', 'documentation'],
  ['3fff::1', 'documentation (2024)'],
  ['2001:2::1', 'benchmarking'],
  ['2001:10::1', 'ORCHID'],
  ['100::1', 'discard-only'],
  ['5f00::1', 'segment routing'],
  ['4000::1', 'outside 2000::/3: not allocated'],
  // 127.0.0.1 and other non-public IPv4 in every IPv6 spelling that can lead back to it.
  ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
  ['::ffff:7f00:1', 'IPv4-mapped loopback, hex'],
  ['::ffff:c000:202', 'IPv4-mapped TEST-NET-1'],
  ['::ffff:a9fe:a9fe', 'IPv4-mapped link-local'],
  ['::ffff:a00:1', 'IPv4-mapped private'],
  ['::7f00:1', 'IPv4-compatible loopback'],
  ['::127.0.0.1', 'IPv4-compatible loopback, dotted'],
  ['::a9fe:a9fe', 'IPv4-compatible link-local'],
  ['::ffff:0:7f00:1', 'IPv4-translated loopback'],
  ['::ffff:0:c0a8:101', 'IPv4-translated private'],
  ['64:ff9b::7f00:1', 'NAT64 loopback'],
  ['64:ff9b::a9fe:a9fe', 'NAT64 link-local'],
  ['64:ff9b::c633:6407', 'NAT64 TEST-NET-2'],
  ['64:ff9b:1::5db8:d822', 'NAT64 local-use prefix, even with a public IPv4'],
  ['2002:7f00:1::', '6to4 of loopback'],
  ['2002:7f00:1::1', '6to4 of loopback, with a host part'],
  ['2002:a00:1::1', '6to4 of a private address'],
  ['2002:c000:202::1', '6to4 of TEST-NET-1'],
  ['2001::1', 'Teredo'],
  ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo (a real-looking one)'],
  ['not an address', 'not an IP'],
  ['localhost', 'a name'],
  ['0x7f.1', 'a non-canonical IPv4 spelling'],
  ['', 'empty'],
]

// Globally reachable unicast, including IPv6 spellings of a public IPv4 that reach it.
const ALLOWED: [string, string][] = [
  ['93.184.216.34', 'public IPv4'],
  ['1.1.1.1', 'public IPv4'],
  ['8.8.8.8', 'public IPv4'],
  ['172.32.0.1', 'just above 172.16.0.0/12'],
  ['100.128.0.1', 'just above 100.64.0.0/10'],
  ['198.20.0.1', 'just above 198.18.0.0/15'],
  ['192.0.3.1', 'just above 192.0.2.0/24'],
  ['223.255.255.254', 'just below multicast'],
  ['2606:4700:4700::1111', 'public IPv6'],
  ['2a00:1450:4001:80b::200e', 'public IPv6'],
  ['2001:4860:4860::8888', 'public IPv6 in 2001::/16, outside the special 2001::/23'],
  ['::ffff:93.184.216.34', 'IPv4-mapped public'],
  ['::ffff:5db8:d822', 'IPv4-mapped public, hex'],
  ['::5db8:d822', 'IPv4-compatible public'],
  ['::ffff:0:5db8:d822', 'IPv4-translated public'],
  ['64:ff9b::5db8:d822', 'NAT64 of a public IPv4'],
  ['64:ff9b::93.184.216.34', 'NAT64 of a public IPv4, dotted'],
  ['2002:5db8:d822::1', '6to4 of a public IPv4'],
]

describe('the address filter of webhooks and Slack', () => {
  it.each(REFUSED)('refuses %s (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(false)
  })

  it.each(ALLOWED)('allows %s (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(true)
  })
})
