import { describe, expect, it } from 'vitest'
import { parseConfig } from '../../config.ts'
import { madeUpEvent } from '../../testing/ad-platforms/conversion-events.ts'
import { startGoogleStandIn } from '../../testing/ad-platforms/google-stand-in.ts'
import { freePort } from '../../testing/free-port.ts'
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

  it('retries a platform it cannot reach, and never puts a token or a secret in a reason', async () => {
    const closed = `http://127.0.0.1:${await freePort()}/v26.0`
    const [unreachable] = await platformsOf({ ...META, META_API_URL: closed }).sendConversions('meta', [madeUpEvent()])
    expect(unreachable?.status).toBe('retry')
    expect(JSON.stringify(unreachable)).not.toContain(META.META_ACCESS_TOKEN)
    const secrets = {
      customerId: '1234567890',
      developerToken: 'secret-developer-token',
      clientId: 'secret.apps.googleusercontent.com',
      clientSecret: 'secret-client-secret',
      refreshToken: '1//secret-refresh-token',
    }
    const google = await startGoogleStandIn(secrets)
    google.refuseRefreshToken()
    const [refused] = await platformsOf({
      GOOGLE_ADS_CUSTOMER_ID: secrets.customerId,
      GOOGLE_ADS_DEVELOPER_TOKEN: secrets.developerToken,
      GOOGLE_ADS_CLIENT_ID: secrets.clientId,
      GOOGLE_ADS_CLIENT_SECRET: secrets.clientSecret,
      GOOGLE_ADS_REFRESH_TOKEN: secrets.refreshToken,
      GOOGLE_ADS_CONVERSION_ACTIONS: 'application=1',
      GOOGLE_ADS_API_URL: google.url,
      GOOGLE_OAUTH_TOKEN_URL: google.tokenUrl,
    }).sendConversions('google', [madeUpEvent()])
    await google.close()
    expect(refused?.status).toBe('paused')
    for (const secret of [secrets.developerToken, secrets.clientSecret, secrets.refreshToken])
      expect(JSON.stringify(refused)).not.toContain(secret)
  })
})
