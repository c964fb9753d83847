import { z } from 'zod'
import { AD_PLATFORMS, type AdPlatform } from '../../common/ads-consent.ts'
import { envVar } from '../config/fields.ts'

/**
 * What the consent needs of the ad platforms' settings: how consent is had,
 * and which platforms are on (a platform is on when its id and its token are
 * set). Read here, with the configuration's own helpers, rather than in
 * config/schema.ts, where the platforms' full settings are parsed; once both
 * are in, this reads the parsed configuration instead.
 */
export interface ConsentSettings {
  /** CONVERSIONS_CONSENT: `checkbox` asks on the application's last step; `implied` records it for every lead. */
  mode: ConsentMode
  /** The platforms on, in their order. */
  platforms: readonly AdPlatform[]
}

export const CONSENT_MODES = ['checkbox', 'implied'] as const
export type ConsentMode = (typeof CONSENT_MODES)[number]

/** No platform: nothing asked, nothing recorded. What a server without the variables runs with. */
export const NO_PLATFORMS: ConsentSettings = { mode: 'checkbox', platforms: [] }

// Each platform's id and its token, as docs/configuration.md names them.
const PLATFORM_VARIABLES: Readonly<Record<AdPlatform, readonly [id: string, token: string]>> = {
  meta: ['META_PIXEL_ID', 'META_ACCESS_TOKEN'],
  google: ['GOOGLE_ADS_CUSTOMER_ID', 'GOOGLE_ADS_REFRESH_TOKEN'],
  tiktok: ['TIKTOK_PIXEL_CODE', 'TIKTOK_ACCESS_TOKEN'],
}

const consentSchema = envVar(z.enum(CONSENT_MODES, 'must be checkbox or implied').default('checkbox'))
const isSet = (value: string | undefined) => value !== undefined && value.trim() !== ''

/** Reads the consent's settings from the environment; throws naming a bad CONVERSIONS_CONSENT. */
export function consentSettings(env: NodeJS.ProcessEnv): ConsentSettings {
  const mode = consentSchema.safeParse(env.CONVERSIONS_CONSENT)
  if (!mode.success) {
    throw new Error(`Invalid configuration:\n  CONVERSIONS_CONSENT: ${mode.error.issues[0]?.message ?? 'invalid'}`)
  }
  const platforms = AD_PLATFORMS.filter((platform) =>
    PLATFORM_VARIABLES[platform].every((variable) => isSet(env[variable])),
  )
  return { mode: mode.data, platforms }
}

/** For the server's entry point: a bad setting is the operator's to fix, not a crash. */
export function consentSettingsOrExit(env: NodeJS.ProcessEnv): ConsentSettings {
  try {
    return consentSettings(env)
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`)
    process.exit(1)
  }
}

/** Whether the page's last step shows the checkbox: consent is asked, and there is someone to tell. */
export const asksForConsent = (settings: ConsentSettings) =>
  settings.mode === 'checkbox' && settings.platforms.length > 0
