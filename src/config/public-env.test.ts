import { describe, expect, it } from 'vitest'
import { parsePublicEnv } from './public-env.ts'
import { resolvePublicConfig } from './resolve-public-config.ts'

describe('VITE_BOOKING_PROVIDER', () => {
  it.each(['calendly', 'calcom', 'none'] as const)('takes %s', (provider) => {
    expect(resolvePublicConfig(parsePublicEnv({ VITE_BOOKING_PROVIDER: provider })).bookingProvider).toBe(provider)
  })

  it('leaves the provider to the booking URL when unset or empty', () => {
    expect(resolvePublicConfig(parsePublicEnv({})).bookingProvider).toBeUndefined()
    expect(resolvePublicConfig(parsePublicEnv({ VITE_BOOKING_PROVIDER: '' })).bookingProvider).toBeUndefined()
  })

  it('stops the build on any other value, naming the variable', () => {
    expect(() => parsePublicEnv({ VITE_BOOKING_PROVIDER: 'Cal.com' })).toThrow(/VITE_BOOKING_PROVIDER/)
  })
})
