import type { Config } from '../config.ts'
import type { ConversionDelivery } from './conversions-plugin.ts'
import { readMatchKeys } from './match-keys.ts'
import { platformSender } from './platform-sender.ts'
import { createConversionPlatforms } from './platforms/conversion-platforms.ts'
import type { ConversionPlatforms } from './platforms/types.ts'
import type { ConsentReader, LeadConsent } from './ports.ts'

/** A lead's consent as the insert stored it (lead_ad_consents, ADR 047): a lead without a row has none. */
export const storedConsent: ConsentReader = {
  async read(db, applicationIds) {
    const keys = await readMatchKeys(db, applicationIds)
    return new Map(
      [...keys].map(([id, lead]): [number, LeadConsent] => [
        id,
        {
          consented: true,
          ...(lead.clientIp !== null && { clientIp: lead.clientIp }),
          ...(lead.userAgent !== null && { userAgent: lead.userAgent }),
          ...(lead.landingUrl !== null && { landingUrl: lead.landingUrl }),
        },
      ]),
    )
  },
}

/** The ad platforms as the configuration sets them up: one object, so the delivery and the test event share Google's cached token. */
export const conversionPlatformsOf = (config: Config): ConversionPlatforms =>
  createConversionPlatforms(config.conversions, { timeZone: config.timeZone })

/**
 * The conversions' delivery as the configuration sets it: the platforms on,
 * each printed by its credentials, the wire to them and the stored consent;
 * none when no platform is configured, so nothing runs.
 */
export function conversionDeliveryOf(
  config: Config,
  platforms: ConversionPlatforms = conversionPlatformsOf(config),
): ConversionDelivery | undefined {
  if (platforms.configured.length === 0) return undefined
  return {
    platforms: platforms.configured.map((platform) => ({
      platform,
      fingerprint: platforms.credentialsFingerprint(platform) ?? '',
    })),
    sender: platformSender(platforms),
    consent: storedConsent,
  }
}
