import { AD_PLATFORMS, type AdPlatform } from '../../../common/ad-conversions.ts'
import type { ConversionsConfig } from '../../config/conversions-vars.ts'
import { every } from './batches.ts'
import { googleSender } from './google.ts'
import { sha256Hex } from './match-keys.ts'
import { metaSender } from './meta.ts'
import { tiktokSender } from './tiktok.ts'
import type { ConversionAdjustment, ConversionEvent, ConversionPlatforms, ConversionResult } from './types.ts'

/** How long a platform has to answer before the events are retried later. */
export const PLATFORM_TIMEOUT_MS = 1_500

export interface PlatformOptions {
  /** TIMEZONE: Google's conversion times are written in the agency's zone. */
  timeZone: string
  timeoutMs?: number
  now?: () => Date
}

const NOT_CONFIGURED = (platform: AdPlatform): ConversionResult => ({
  status: 'skipped',
  reason: `${platform} is not configured`,
})

function fingerprint(config: ConversionsConfig, platform: AdPlatform): string | undefined {
  const secrets =
    platform === 'meta'
      ? config.meta && [config.meta.pixelId, config.meta.accessToken]
      : platform === 'google'
        ? config.google && [
            config.google.customerId,
            config.google.loginCustomerId ?? '',
            config.google.developerToken,
            config.google.clientId,
            config.google.clientSecret,
            config.google.refreshToken,
          ]
        : config.tiktok && [config.tiktok.pixelCode, config.tiktok.accessToken]
  return secrets && sha256Hex(`${platform}\n${secrets.join('\n')}`).slice(0, 16)
}

/** The ad platforms as the configuration sets them up, behind the one interface the delivery calls. */
export function createConversionPlatforms(config: ConversionsConfig, options: PlatformOptions): ConversionPlatforms {
  const senderOptions = { timeoutMs: options.timeoutMs ?? PLATFORM_TIMEOUT_MS, now: options.now ?? (() => new Date()) }
  const senders = {
    meta: config.meta && metaSender(config.meta, senderOptions),
    google: config.google && googleSender(config.google, { ...senderOptions, timeZone: options.timeZone }),
    tiktok: config.tiktok && tiktokSender(config.tiktok, senderOptions),
  }
  return {
    configured: AD_PLATFORMS.filter((platform) => senders[platform] !== undefined),
    credentialsFingerprint: (platform: AdPlatform) => fingerprint(config, platform),
    async sendConversions(platform: AdPlatform, events: readonly ConversionEvent[]) {
      const sender = senders[platform]
      return sender === undefined ? every(events.length, NOT_CONFIGURED(platform)) : sender.send(events)
    },
    async sendGoogleAdjustments(adjustments: readonly ConversionAdjustment[]) {
      const sender = senders.google
      return sender === undefined
        ? every(adjustments.length, NOT_CONFIGURED('google'))
        : sender.sendAdjustments(adjustments)
    },
    async sendTestEvent(platform: AdPlatform) {
      const sender = senders[platform]
      return sender === undefined ? NOT_CONFIGURED(platform) : sender.test()
    },
  }
}
