import { describe, expect, it } from 'vitest'
import { parseConfig } from '../../config.ts'
import { createConversionPlatforms } from './conversion-platforms.ts'

const META = { META_PIXEL_ID: '123456789012345', META_ACCESS_TOKEN: 'EAAB-first-secret-token' }
const TIKTOK = { TIKTOK_PIXEL_CODE: 'CFINGERPRINT01', TIKTOK_ACCESS_TOKEN: 'tiktok-secret-token' }
const platformsOf = (env: NodeJS.ProcessEnv) =>
  createConversionPlatforms(parseConfig(env).conversions, { timeZone: 'UTC' })

describe('the ad platforms as configured', () => {
  it('names the platforms turned on, and answers for one that is off without a request', async () => {
    const platforms = platformsOf({ ...META, ...TIKTOK })
    expect(platforms.configured).toEqual(['meta', 'tiktok'])
    expect(await platforms.sendTestEvent('google')).toEqual({ status: 'skipped', reason: 'google is not configured' })
    expect(await platforms.sendGoogleAdjustments([])).toEqual([])
  })

  it('fingerprints the credentials without showing them, and changes the print when a token changes', () => {
    const first = platformsOf(META).credentialsFingerprint('meta')
    expect(first).toMatch(/^[0-9a-f]{16}$/)
    expect(platformsOf(META).credentialsFingerprint('meta')).toBe(first)
    expect(
      platformsOf({ ...META, META_ACCESS_TOKEN: 'EAAB-second-secret-token' }).credentialsFingerprint('meta'),
    ).not.toBe(first)
    expect(platformsOf(META).credentialsFingerprint('tiktok')).toBeUndefined()
  })
})
