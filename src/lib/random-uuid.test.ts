import { afterEach, describe, expect, it, vi } from 'vitest'
import { UUID_V4 as V4 } from '../testing/uuid-v4.ts'
import { randomUuid, uuidFromRandomBytes } from './random-uuid.ts'

afterEach(() => vi.unstubAllGlobals())

describe('randomUuid', () => {
  it('uses crypto.randomUUID where the browser has it', () => {
    const spy = vi.spyOn(crypto, 'randomUUID')
    expect(randomUuid()).toMatch(V4)
    expect(spy).toHaveBeenCalledOnce()
  })

  it('builds a v4 uuid from crypto.getRandomValues outside secure contexts', () => {
    // An insecure context (plain http) has no randomUUID at all.
    const real = globalThis.crypto
    const getRandomValues = vi.fn(<T extends ArrayBufferView>(array: T) => real.getRandomValues(array))
    vi.stubGlobal('crypto', { getRandomValues })
    const ids = new Set(Array.from({ length: 200 }, () => randomUuid()))
    expect(ids.size).toBe(200)
    for (const id of ids) expect(id).toMatch(V4)
    expect(getRandomValues).toHaveBeenCalledTimes(200)
  })

  it('sets the version and variant bits whatever the random bytes are', () => {
    expect(uuidFromRandomBytes(new Uint8Array(16).fill(0xff))).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff')
    expect(uuidFromRandomBytes(new Uint8Array(16))).toBe('00000000-0000-4000-8000-000000000000')
    expect(() => uuidFromRandomBytes(new Uint8Array(15))).toThrow(RangeError)
  })
})
