import { describe, expect, it } from 'vitest'
import { consentSettings } from './consent-config.ts'

describe('the consent settings', () => {
  it('asks with a checkbox by default, and turns a platform on only with its id and its token', () => {
    expect(consentSettings({})).toEqual({ mode: 'checkbox', platforms: [] })
    expect(
      consentSettings({
        META_PIXEL_ID: '123',
        META_ACCESS_TOKEN: 'token',
        GOOGLE_ADS_CUSTOMER_ID: '1234567890',
        TIKTOK_PIXEL_CODE: 'CODE',
        TIKTOK_ACCESS_TOKEN: ' ',
      }),
    ).toEqual({ mode: 'checkbox', platforms: ['meta'] })
  })

  it('takes implied, treats empty as unset, and stops on any other value, naming the variable', () => {
    expect(consentSettings({ CONVERSIONS_CONSENT: 'implied' }).mode).toBe('implied')
    expect(consentSettings({ CONVERSIONS_CONSENT: '' }).mode).toBe('checkbox')
    expect(() => consentSettings({ CONVERSIONS_CONSENT: 'yes' })).toThrow(
      /CONVERSIONS_CONSENT: must be checkbox or implied/,
    )
  })
})
