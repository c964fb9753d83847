import { describe, expect, it } from 'vitest'
import { RETRY_DELAYS_MS, parseRetryAfter, retryDelayMs } from './retry-schedule.ts'
import { isPrivateAddress } from './safe-http.ts'

describe('the retry schedule', () => {
  it('waits 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h and 24 h, each within 20%', () => {
    expect(RETRY_DELAYS_MS.map((ms) => ms / 1000)).toEqual([5, 300, 1800, 7200, 18000, 36000, 50400, 72000, 86400])
    RETRY_DELAYS_MS.forEach((base, i) => {
      expect(retryDelayMs(i + 1, undefined, RETRY_DELAYS_MS, () => 0)).toBe(base * 0.8)
      expect(retryDelayMs(i + 1, undefined, RETRY_DELAYS_MS, () => 1)).toBe(base * 1.2)
    })
  })

  it('follows Retry-After instead, up to a day', () => {
    expect(retryDelayMs(1, 60_000)).toBe(60_000)
    expect(retryDelayMs(1, 10 * 86_400_000)).toBe(86_400_000)
    expect(parseRetryAfter('120')).toBe(120_000)
    expect(parseRetryAfter(new Date(Date.now() + 30_000).toUTCString(), Date.now())).toBeGreaterThan(28_000)
    expect(parseRetryAfter('soon')).toBeUndefined()
    expect(parseRetryAfter(undefined)).toBeUndefined()
  })
})

describe('private addresses', () => {
  it('are loopback, private, link-local, unspecified and IPv4-mapped forms of them', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '::ffff:169.254.169.254',
    ]) {
      expect(isPrivateAddress(address), address).toBe(true)
    }
    for (const address of ['93.184.216.34', '1.1.1.1', '2606:4700:4700::1111', '172.32.0.1']) {
      expect(isPrivateAddress(address), address).toBe(false)
    }
  })
})
