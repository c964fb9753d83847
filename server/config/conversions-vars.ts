import { z } from 'zod'
import { CONVERSION_STAGES, isConversionStage, type ConversionStage } from '../../common/ad-conversions.ts'
import { commaList, envVar, isHttpUrl, readWith } from './fields.ts'

// The platforms' own hosts, each with the API version this server speaks (ADR 049).
export const DEFAULT_META_API_URL = 'https://graph.facebook.com/v26.0'
export const DEFAULT_GOOGLE_ADS_API_URL = 'https://googleads.googleapis.com/v26'
export const DEFAULT_GOOGLE_OAUTH_TOKEN_URL = 'https://oauth2.googleapis.com/token'
export const DEFAULT_TIKTOK_API_URL = 'https://business-api.tiktok.com/open_api/v1.3'

export type StageMap<T> = Partial<Record<ConversionStage, T>>

/** `stage=value,…`: each stage once, each value as `isValue` allows; `what` names the values in messages. */
function stageMap(what: string, isValue: (value: string) => boolean) {
  return readWith((text, refuse): StageMap<string> => {
    const { items } = commaList(text, () => true, { dropEmpty: true })
    const map: StageMap<string> = {}
    for (const item of items) {
      const [stage = '', value = '', ...rest] = item.split('=').map((part) => part.trim())
      if (!isConversionStage(stage))
        return refuse(`${JSON.stringify(stage)} is not a stage: use ${CONVERSION_STAGES.join(', ')} (stage=${what},…)`)
      if (map[stage] !== undefined) return refuse(`gives ${stage} twice`)
      if (rest.length > 0 || !isValue(value)) return refuse(`${stage} needs ${what}`)
      map[stage] = value
    }
    return Object.keys(map).length > 0 ? map : refuse(`must be stage=${what} pairs, comma-separated`)
  })
}

// A custom event's name on Meta and TikTok: short, letters, digits and underscores.
const eventNames = stageMap('an event name of 1 to 40 letters, digits or _', (name) =>
  /^[A-Za-z0-9_]{1,40}$/.test(name),
)
const conversionActions = stageMap('a conversion action id (digits)', (id) => /^\d{1,20}$/.test(id))

// Google writes customer ids as 123-456-7890; the API takes the ten digits.
const customerId = readWith((value, refuse) => {
  const digits = value.replaceAll('-', '')
  return /^\d{10}$/.test(digits) ? digits : refuse('must be a Google Ads customer id: 10 digits, dashes allowed')
})
// Never repeated in a message: tokens are secrets.
const token = z.string().regex(/^\S{8,2048}$/, 'must be 8 to 2048 characters without spaces')
const plainId = (what: string) => z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, `must be ${what}`)
const baseUrl = (fallback: string) =>
  envVar(
    z
      .string()
      .refine(isHttpUrl, 'must be an http:// or https:// URL')
      .transform((url) => url.replace(/\/+$/, ''))
      .default(fallback),
  )

/** Server-side conversions to Meta, Google Ads and TikTok (server/conversions/, ADR 049). */
export const CONVERSIONS_VARS = {
  CONVERSIONS_CONSENT: envVar(z.enum(['checkbox', 'implied'], 'must be checkbox or implied').default('checkbox')),
  META_PIXEL_ID: envVar(
    z
      .string()
      .regex(/^\d{5,20}$/, 'must be the pixel (dataset) id: digits')
      .optional(),
  ),
  META_ACCESS_TOKEN: envVar(token.optional()),
  META_TEST_EVENT_CODE: envVar(plainId('the test code Events Manager shows, such as TEST12345').optional()),
  META_API_URL: baseUrl(DEFAULT_META_API_URL),
  META_EVENT_NAMES: envVar(eventNames.optional()),
  GOOGLE_ADS_CUSTOMER_ID: envVar(customerId.optional()),
  GOOGLE_ADS_LOGIN_CUSTOMER_ID: envVar(customerId.optional()),
  GOOGLE_ADS_DEVELOPER_TOKEN: envVar(token.optional()),
  GOOGLE_ADS_CLIENT_ID: envVar(
    z
      .string()
      .regex(/^\S{8,256}$/, 'must be an OAuth client id')
      .optional(),
  ),
  GOOGLE_ADS_CLIENT_SECRET: envVar(token.optional()),
  GOOGLE_ADS_REFRESH_TOKEN: envVar(token.optional()),
  GOOGLE_ADS_CONVERSION_ACTIONS: envVar(conversionActions.optional()),
  GOOGLE_ADS_API_URL: baseUrl(DEFAULT_GOOGLE_ADS_API_URL),
  GOOGLE_OAUTH_TOKEN_URL: baseUrl(DEFAULT_GOOGLE_OAUTH_TOKEN_URL),
  TIKTOK_PIXEL_CODE: envVar(plainId('the pixel code: letters and digits').optional()),
  TIKTOK_ACCESS_TOKEN: envVar(token.optional()),
  TIKTOK_TEST_EVENT_CODE: envVar(plainId('the test event code Events Manager shows').optional()),
  TIKTOK_API_URL: baseUrl(DEFAULT_TIKTOK_API_URL),
  TIKTOK_EVENT_NAMES: envVar(eventNames.optional()),
}

type Vars = z.output<z.ZodObject<typeof CONVERSIONS_VARS>>

// What turns a platform on, and what only has a meaning once it is on (the base URLs are harmless alone).
const PLATFORM_VARS = {
  Meta: { needed: ['META_PIXEL_ID', 'META_ACCESS_TOKEN'], extra: ['META_TEST_EVENT_CODE', 'META_EVENT_NAMES'] },
  'Google Ads': {
    needed: [
      'GOOGLE_ADS_CUSTOMER_ID',
      'GOOGLE_ADS_DEVELOPER_TOKEN',
      'GOOGLE_ADS_CLIENT_ID',
      'GOOGLE_ADS_CLIENT_SECRET',
      'GOOGLE_ADS_REFRESH_TOKEN',
      'GOOGLE_ADS_CONVERSION_ACTIONS',
    ],
    extra: ['GOOGLE_ADS_LOGIN_CUSTOMER_ID'],
  },
  TikTok: {
    needed: ['TIKTOK_PIXEL_CODE', 'TIKTOK_ACCESS_TOKEN'],
    extra: ['TIKTOK_TEST_EVENT_CODE', 'TIKTOK_EVENT_NAMES'],
  },
} as const satisfies Record<string, { needed: (keyof Vars)[]; extra: (keyof Vars)[] }>

/** A platform half set up stops the server, naming what is missing (never a value: some are secrets). */
export function conversionsProblems(vars: Vars, refuse: (name: string, message: string) => void) {
  for (const [platform, { needed, extra }] of Object.entries(PLATFORM_VARS)) {
    const given = [...needed, ...extra].filter((name) => vars[name] !== undefined)
    const missing = needed.filter((name) => vars[name] === undefined)
    if (given.length === 0 || missing.length === 0) continue
    for (const name of missing)
      refuse(name, `is needed with ${given.join(' and ')}: ${platform} conversions need ${needed.join(', ')}`)
  }
}

const withDefaults = (defaults: Record<ConversionStage, string>, names: StageMap<string> | undefined) => ({
  ...defaults,
  ...names,
})

/** The table: each stage's event on Meta and TikTok unless renamed. */
export const DEFAULT_META_EVENT_NAMES = {
  application: 'Lead',
  booked: 'Schedule',
  showed: 'CallShowed',
  won: 'Purchase',
}
export const DEFAULT_TIKTOK_EVENT_NAMES = {
  application: 'SubmitForm',
  booked: 'Schedule',
  showed: 'CallShowed',
  won: 'CompletePayment',
}

/** Each platform's settings, or undefined when it is off. */
export const conversionsSettings = (vars: Vars) => ({
  /** CONVERSIONS_CONSENT: checkbox (asked on the form) or implied (every lead that is not spam). */
  consent: vars.CONVERSIONS_CONSENT,
  meta:
    vars.META_PIXEL_ID && vars.META_ACCESS_TOKEN
      ? {
          pixelId: vars.META_PIXEL_ID,
          accessToken: vars.META_ACCESS_TOKEN,
          testEventCode: vars.META_TEST_EVENT_CODE,
          apiUrl: vars.META_API_URL,
          eventNames: withDefaults(DEFAULT_META_EVENT_NAMES, vars.META_EVENT_NAMES),
        }
      : undefined,
  google:
    vars.GOOGLE_ADS_CUSTOMER_ID &&
    vars.GOOGLE_ADS_DEVELOPER_TOKEN &&
    vars.GOOGLE_ADS_CLIENT_ID &&
    vars.GOOGLE_ADS_CLIENT_SECRET &&
    vars.GOOGLE_ADS_REFRESH_TOKEN &&
    vars.GOOGLE_ADS_CONVERSION_ACTIONS
      ? {
          customerId: vars.GOOGLE_ADS_CUSTOMER_ID,
          loginCustomerId: vars.GOOGLE_ADS_LOGIN_CUSTOMER_ID,
          developerToken: vars.GOOGLE_ADS_DEVELOPER_TOKEN,
          clientId: vars.GOOGLE_ADS_CLIENT_ID,
          clientSecret: vars.GOOGLE_ADS_CLIENT_SECRET,
          refreshToken: vars.GOOGLE_ADS_REFRESH_TOKEN,
          /** A stage without an action is not sent to Google. */
          conversionActions: vars.GOOGLE_ADS_CONVERSION_ACTIONS,
          apiUrl: vars.GOOGLE_ADS_API_URL,
          oauthTokenUrl: vars.GOOGLE_OAUTH_TOKEN_URL,
        }
      : undefined,
  tiktok:
    vars.TIKTOK_PIXEL_CODE && vars.TIKTOK_ACCESS_TOKEN
      ? {
          pixelCode: vars.TIKTOK_PIXEL_CODE,
          accessToken: vars.TIKTOK_ACCESS_TOKEN,
          testEventCode: vars.TIKTOK_TEST_EVENT_CODE,
          apiUrl: vars.TIKTOK_API_URL,
          eventNames: withDefaults(DEFAULT_TIKTOK_EVENT_NAMES, vars.TIKTOK_EVENT_NAMES),
        }
      : undefined,
})

export type ConversionsConfig = ReturnType<typeof conversionsSettings>
export type MetaConfig = NonNullable<ConversionsConfig['meta']>
export type GoogleAdsConfig = NonNullable<ConversionsConfig['google']>
export type TiktokConfig = NonNullable<ConversionsConfig['tiktok']>
