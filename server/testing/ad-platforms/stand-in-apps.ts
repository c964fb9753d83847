// The three platforms' stand-ins with the settings that point an app at them,
// and an application posted as the page posts it, from an ad click on each.
import { randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import type { FastifyInstance } from 'fastify'
import { ADS_CONSENT_FIELD } from '../../../common/ads-consent.ts'
import { CONTACT_SUBMISSIONS_PATH } from '../../../common/contact-submission.ts'
import { validAnswers } from '../../../common/testing/valid-answers.ts'
import { CLIENT_HEADERS, columnsOf } from '../submission-app.ts'
import { startGoogleStandIn } from './google-stand-in.ts'
import { startMetaStandIn } from './meta-stand-in.ts'
import { startTiktokStandIn } from './tiktok-stand-in.ts'

export const META = { pixelId: '123456789012345', accessToken: 'EAAB-stand-in-token' }
export const GOOGLE = {
  customerId: '1234567890',
  developerToken: 'stand-in-developer-token',
  clientId: 'stand-in.apps.googleusercontent.com',
  clientSecret: 'stand-in-client-secret',
  refreshToken: '1//stand-in-refresh-token',
}
export const TIKTOK = { pixelCode: 'CSTANDINPIXEL01', accessToken: 'tiktok-stand-in-token' }

export async function startStandIns() {
  const [meta, google, tiktok] = await Promise.all([
    startMetaStandIn(META),
    startGoogleStandIn(GOOGLE),
    startTiktokStandIn(TIKTOK),
  ])
  return {
    meta,
    google,
    tiktok,
    /** Each platform configured and pointed at its stand-in; `only` keeps those named. */
    env(only: readonly ('meta' | 'google' | 'tiktok')[] = ['meta', 'google', 'tiktok']): Record<string, string> {
      return {
        ...(only.includes('meta') && {
          META_PIXEL_ID: META.pixelId,
          META_ACCESS_TOKEN: META.accessToken,
          META_API_URL: meta.url,
        }),
        ...(only.includes('google') && {
          GOOGLE_ADS_CUSTOMER_ID: GOOGLE.customerId,
          GOOGLE_ADS_DEVELOPER_TOKEN: GOOGLE.developerToken,
          GOOGLE_ADS_CLIENT_ID: GOOGLE.clientId,
          GOOGLE_ADS_CLIENT_SECRET: GOOGLE.clientSecret,
          GOOGLE_ADS_REFRESH_TOKEN: GOOGLE.refreshToken,
          GOOGLE_ADS_CONVERSION_ACTIONS: 'application=11,booked=12,showed=13,won=14',
          GOOGLE_ADS_API_URL: google.url,
          GOOGLE_OAUTH_TOKEN_URL: google.tokenUrl,
        }),
        ...(only.includes('tiktok') && {
          TIKTOK_PIXEL_CODE: TIKTOK.pixelCode,
          TIKTOK_ACCESS_TOKEN: TIKTOK.accessToken,
          TIKTOK_API_URL: tiktok.url,
        }),
      }
    },
    close: () => Promise.all([meta.close(), google.close(), tiktok.close()]),
  }
}

/** Posts one application with consent, clicked from an ad on each platform; resolves to its submission id. */
export async function applyFromAds(app: FastifyInstance, submissionId: string = randomUUID()): Promise<string> {
  const touch = {
    utm_source: 'ig',
    fbclid: 'IwAR-Stand_In',
    gclid: 'EAIaIQ-stand-in',
    ttclid: 'E.C.P.stand-in',
    landing_path: '/',
    captured_at: new Date(Date.now() - 600_000).toISOString(),
  }
  const row = {
    ...validAnswers({ submission_id: submissionId }),
    attribution: { first_touch: touch, last_touch: touch },
    [ADS_CONSENT_FIELD]: true,
  }
  const response = await app.inject({
    method: 'POST',
    url: CONTACT_SUBMISSIONS_PATH + columnsOf([row]),
    headers: { ...CLIENT_HEADERS, 'user-agent': 'Mozilla/5.0 Stand-in', referer: 'https://brand.example/?fbclid=x' },
    payload: JSON.stringify([row]),
  })
  if (response.statusCode >= 300)
    throw new Error(`the application was refused: ${response.statusCode} ${response.body}`)
  return submissionId
}

/** Waits (up to `ms`, in 50 ms steps) until `done`; resolves to whether it came. */
export async function within(ms: number, done: () => boolean | Promise<boolean>): Promise<boolean> {
  for (let waited = 0; waited < ms; waited += 50) {
    if (await done()) return true
    await sleep(50)
  }
  return done()
}
