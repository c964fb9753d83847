import { describe, expect, it } from 'vitest'
import { parseConfig } from '../config.ts'

const META = { META_PIXEL_ID: '123456789012345', META_ACCESS_TOKEN: 'EAAB-secret-meta-token' }
const GOOGLE = {
  GOOGLE_ADS_CUSTOMER_ID: '1234567890',
  GOOGLE_ADS_DEVELOPER_TOKEN: 'secret-developer-token',
  GOOGLE_ADS_CLIENT_ID: 'client.apps.googleusercontent.com',
  GOOGLE_ADS_CLIENT_SECRET: 'secret-client-secret',
  GOOGLE_ADS_REFRESH_TOKEN: '1//secret-refresh-token',
  GOOGLE_ADS_CONVERSION_ACTIONS: 'application=1,booked=2,showed=3,won=4',
}
const TIKTOK = { TIKTOK_PIXEL_CODE: 'CABCDEF123', TIKTOK_ACCESS_TOKEN: 'secret-tiktok-token' }

const problemOf = (env: NodeJS.ProcessEnv) => {
  try {
    parseConfig(env)
  } catch (error) {
    return (error as Error).message
  }
  throw new Error('the configuration was accepted')
}

describe('the ad platforms’ variables', () => {
  it('turn nothing on by default: consent by checkbox, every platform off', () => {
    expect(parseConfig({}).conversions).toEqual({
      consent: 'checkbox',
      meta: undefined,
      google: undefined,
      tiktok: undefined,
    })
  })

  it('turn a platform on with its id and token, on the platform’s own host and API version', () => {
    const { conversions } = parseConfig({ ...META, ...GOOGLE, ...TIKTOK })
    expect(conversions.meta?.apiUrl).toBe('https://graph.facebook.com/v26.0')
    expect(conversions.meta?.eventNames).toEqual({
      application: 'Lead',
      booked: 'Schedule',
      showed: 'CallShowed',
      won: 'Purchase',
    })
    expect(conversions.google).toMatchObject({
      apiUrl: 'https://googleads.googleapis.com/v26',
      oauthTokenUrl: 'https://oauth2.googleapis.com/token',
      conversionActions: { application: '1', booked: '2', showed: '3', won: '4' },
      loginCustomerId: undefined,
    })
    expect(conversions.tiktok?.apiUrl).toBe('https://business-api.tiktok.com/open_api/v1.3')
    expect(conversions.tiktok?.eventNames.won).toBe('CompletePayment')
  })

  it('stop the server on a platform half set up, naming each missing variable and never a secret', () => {
    const message = problemOf({ META_ACCESS_TOKEN: META.META_ACCESS_TOKEN, GOOGLE_ADS_CLIENT_ID: 'x.apps.example' })
    expect(message).toContain('META_PIXEL_ID: is needed with META_ACCESS_TOKEN: Meta conversions need')
    for (const name of [
      'GOOGLE_ADS_CUSTOMER_ID',
      'GOOGLE_ADS_DEVELOPER_TOKEN',
      'GOOGLE_ADS_CLIENT_SECRET',
      'GOOGLE_ADS_REFRESH_TOKEN',
      'GOOGLE_ADS_CONVERSION_ACTIONS',
    ])
      expect(message).toContain(`${name}: is needed with GOOGLE_ADS_CLIENT_ID`)
    expect(message).not.toContain(META.META_ACCESS_TOKEN)
    expect(problemOf({ TIKTOK_TEST_EVENT_CODE: 'TEST1' })).toMatch(
      /TIKTOK_PIXEL_CODE: is needed with TIKTOK_TEST_EVENT_CODE/,
    )
    expect(problemOf({ ...META, GOOGLE_ADS_LOGIN_CUSTOMER_ID: '1112223333' })).toMatch(
      /GOOGLE_ADS_CUSTOMER_ID: is needed with GOOGLE_ADS_LOGIN_CUSTOMER_ID/,
    )
  })

  it('take a Google customer id with dashes, and refuse one that is not ten digits', () => {
    expect(parseConfig({ ...GOOGLE, GOOGLE_ADS_CUSTOMER_ID: '123-456-7890' }).conversions.google?.customerId).toBe(
      '1234567890',
    )
    expect(problemOf({ ...GOOGLE, GOOGLE_ADS_CUSTOMER_ID: '12345' })).toMatch(
      /GOOGLE_ADS_CUSTOMER_ID: must be a Google Ads customer id: 10 digits/,
    )
  })

  it('read the stage maps, leaving a stage without a Google action unsent and renaming only the events given', () => {
    const { conversions } = parseConfig({
      ...GOOGLE,
      ...META,
      GOOGLE_ADS_CONVERSION_ACTIONS: ' application = 11 , won=44,',
      META_EVENT_NAMES: 'won=Deal_Won',
    })
    expect(conversions.google?.conversionActions).toEqual({ application: '11', won: '44' })
    expect(conversions.meta?.eventNames).toEqual({
      application: 'Lead',
      booked: 'Schedule',
      showed: 'CallShowed',
      won: 'Deal_Won',
    })
  })

  it.each([
    ['GOOGLE_ADS_CONVERSION_ACTIONS', 'signup=1', '"signup" is not a stage: use application, booked, showed, won'],
    ['GOOGLE_ADS_CONVERSION_ACTIONS', 'won=1,won=2', 'gives won twice'],
    ['GOOGLE_ADS_CONVERSION_ACTIONS', 'won=abc', 'won needs a conversion action id (digits)'],
    ['GOOGLE_ADS_CONVERSION_ACTIONS', 'won', 'won needs a conversion action id (digits)'],
    ['GOOGLE_ADS_CONVERSION_ACTIONS', ' , ', 'must be stage=a conversion action id (digits) pairs, comma-separated'],
    ['META_EVENT_NAMES', 'won=Deal Won', 'won needs an event name of 1 to 40 letters, digits or _'],
    ['TIKTOK_EVENT_NAMES', 'lost=Lost', '"lost" is not a stage: use application, booked, showed, won'],
    ['CONVERSIONS_CONSENT', 'yes', 'must be checkbox or implied'],
    ['META_PIXEL_ID', 'pixel-1', 'must be the pixel (dataset) id: digits'],
    ['META_API_URL', 'graph.facebook.com', 'must be an http:// or https:// URL'],
    ['META_ACCESS_TOKEN', 'a token', 'must be 8 to 2048 characters without spaces'],
  ])('say what %s=%j should be', (name, value, message) => {
    expect(problemOf({ [name]: value })).toMatch(new RegExp(`^Invalid configuration:\\n  ${name}: `))
    expect(problemOf({ [name]: value })).toContain(`${name}: ${message}`)
  })

  it('take CONVERSIONS_CONSENT=implied', () => {
    expect(parseConfig({ CONVERSIONS_CONSENT: 'implied' }).conversions.consent).toBe('implied')
  })
})
