import { describe, expect, it } from 'vitest'
import { parseConfig } from '../config.ts'
import { consentSettingsOf } from './consent-config.ts'

const settingsOf = (env: NodeJS.ProcessEnv) => consentSettingsOf(parseConfig(env).conversions)

describe('the consent settings', () => {
  it('asks with a checkbox by default, and names the platforms configured, in their order', () => {
    expect(settingsOf({})).toEqual({ mode: 'checkbox', platforms: [] })
    expect(
      settingsOf({
        TIKTOK_PIXEL_CODE: 'CODE',
        TIKTOK_ACCESS_TOKEN: 'tiktok-test-token',
        META_PIXEL_ID: '123456789012345',
        META_ACCESS_TOKEN: 'EAAB-test-token',
      }),
    ).toEqual({ mode: 'checkbox', platforms: ['meta', 'tiktok'] })
  })

  it('takes implied, and stops on any other value, naming the variable', () => {
    expect(settingsOf({ CONVERSIONS_CONSENT: 'implied' }).mode).toBe('implied')
    expect(() => settingsOf({ CONVERSIONS_CONSENT: 'yes' })).toThrow(/CONVERSIONS_CONSENT/)
  })
})
