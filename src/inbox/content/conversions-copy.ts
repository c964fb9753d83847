import type { AdPlatform, ConversionStage } from '../../../common/ad-conversions.ts'
import type { LeadConversionView } from '../../../common/conversions-api.ts'

type State = LeadConversionView['state']

const PLATFORMS: Record<AdPlatform, string> = { meta: 'Meta', google: 'Google Ads', tiktok: 'TikTok' }

/** What each platform needs set before it is on (docs/integrations.md has where to find each). */
const NEEDS: Record<AdPlatform, string> = {
  meta: 'META_PIXEL_ID and META_ACCESS_TOKEN',
  google:
    'GOOGLE_ADS_CUSTOMER_ID, GOOGLE_ADS_DEVELOPER_TOKEN, GOOGLE_ADS_CLIENT_ID, GOOGLE_ADS_CLIENT_SECRET, GOOGLE_ADS_REFRESH_TOKEN and GOOGLE_ADS_CONVERSION_ACTIONS',
  tiktok: 'TIKTOK_PIXEL_CODE and TIKTOK_ACCESS_TOKEN',
}

// The delivery's own reasons for a skip, in the inbox's words; any other is shown as the platform gave it.
const SKIPS: Record<string, string> = {
  'no consent': 'the lead did not agree to share it with ad platforms',
  'no click id': 'the lead came from no ad click of this platform',
}

/** How the lead page's Ad platforms section and the Integrations page read (ADR 048). */
export const conversionsCopy = {
  platform: (platform: AdPlatform) => PLATFORMS[platform],
  lead: {
    title: 'Ad platforms',
    intro: 'What each ad platform was told about this lead, stage by stage.',
    stages: {
      application: 'Applied',
      booked: 'Booked a call',
      showed: 'Showed up',
      won: 'Won',
    } satisfies Record<ConversionStage, string>,
    corrections: 'Corrections',
    correction: (kind: 'retraction' | 'restatement', stage: string) =>
      kind === 'retraction' ? `${stage} taken back` : `${stage}: amount changed`,
    notYet: 'Not reached yet',
    states: {
      pending: () => 'Waiting to be sent',
      retrying: (next: string) => (next ? `Retrying; next attempt ${next}` : 'Retrying'),
      paused: (platform: string) => `Waiting: ${platform} is paused`,
      sent: (when: string) => (when ? `Sent ${when}` : 'Sent'),
      skipped: () => 'Skipped',
      expired: () => 'Expired',
      failed: () => 'Failed',
    },
    reason: (state: State, reason: string) =>
      state === 'skipped' ? (SKIPS[reason] ?? reason) : reason.replace(/^retrying: /, ''),
    traceId: 'Trace id',
    resend: 'Resend',
    resendOf: (stage: string, platform: string) => `Resend “${stage}” to ${platform}`,
    resent: 'Queued again: it is sent within a few seconds.',
    resendFailed: 'It could not be queued again. Try again.',
    failed: 'The ad platforms’ state could not be read.',
  },
  integrations: {
    nav: 'Integrations',
    title: 'Integrations',
    intro:
      'The ad platforms told which clicks became applications, booked calls, shows and clients. A platform is on when its variables are set on the server.',
    back: 'Account',
    accountTitle: 'Ad platforms',
    accountIntro: 'Whether Meta, Google Ads and TikTok receive the leads’ conversions, and a test event for each.',
    open: 'Integrations…',
    configured: 'Set up',
    on: 'Yes, conversions are sent',
    off: (platform: AdPlatform) => `No: set ${NEEDS[platform]} to turn it on`,
    lastSuccess: 'Last success',
    lastError: 'Last error',
    never: 'Never',
    none: 'None',
    paused: 'Paused',
    notPaused: 'No',
    pausedSince: (when: string, reason: string) => `Since ${when}: ${reason}`,
    test: 'Send a test event',
    testOf: (platform: string) => `Send a test event to ${platform}`,
    testing: 'Sending…',
    results: {
      sent: (platform: string, traceId: string | null) =>
        `Sent: ${platform} took the test event${traceId ? ` (trace id ${traceId})` : ''}. Look for it in its test events view.`,
      skipped: (reason: string) => `Not sent: ${reason}.`,
      other: (reason: string) => `The test event failed: ${reason}.`,
      refused: 'The test event could not be sent. Try again.',
    },
  },
  banner: {
    label: 'Ad platforms paused',
    paused: (platform: string, reason: string) =>
      `${platform} is paused: ${reason}. Its conversions wait until its token is replaced and the server restarted.`,
    open: 'Open Integrations',
  },
}
