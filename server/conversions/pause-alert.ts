import type { AdPlatform } from './ports.ts'

const NAMES: Record<AdPlatform, string> = { meta: 'Meta', google: 'Google Ads', tiktok: 'TikTok' }

/** What the team is told, once, when a platform refuses its token and is paused. */
export function pauseAlert(platform: AdPlatform, reason: string) {
  const name = NAMES[platform]
  return {
    subject: `Conversions to ${name} are paused: its token was refused`,
    text: [
      `${name} refused the server's credentials: ${reason}`,
      `Nothing more is sent to ${name}; its conversions are kept, and go once a server starts with a working token.`,
      `The inbox's Integrations panel shows it paused until then.`,
    ].join('\n'),
  }
}
