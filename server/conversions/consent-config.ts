import { AD_PLATFORMS, type AdPlatform } from '../../common/ad-conversions.ts'
import type { ConversionsConfig } from '../config/conversions-vars.ts'

/** What the consent needs of the ad platforms' settings: how consent is had, and which platforms are on. */
export interface ConsentSettings {
  /** CONVERSIONS_CONSENT: `checkbox` asks on the application's last step; `implied` records it for every lead. */
  mode: ConsentMode
  /** The platforms on, in their order. */
  platforms: readonly AdPlatform[]
}

export type ConsentMode = ConversionsConfig['consent']

/** No platform: nothing asked, nothing recorded. What a server without the variables runs with. */
export const NO_PLATFORMS: ConsentSettings = { mode: 'checkbox', platforms: [] }

/** The consent's settings from the parsed configuration (config/conversions-vars.ts): a platform is on when it is configured. */
export const consentSettingsOf = (conversions: ConversionsConfig): ConsentSettings => ({
  mode: conversions.consent,
  platforms: AD_PLATFORMS.filter((platform) => conversions[platform] !== undefined),
})

/** Whether the page's last step shows the checkbox: consent is asked, and there is someone to tell. */
export const asksForConsent = (settings: ConsentSettings) =>
  settings.mode === 'checkbox' && settings.platforms.length > 0
