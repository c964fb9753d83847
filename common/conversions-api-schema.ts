import { z } from 'zod'
import { AD_PLATFORMS } from './ad-conversions.ts'

/** The test event's `:platform`: one of the three; any other names no platform, answered 404 as an unknown id is. */
export const testEventParams = z.strictObject({
  platform: z.enum(AD_PLATFORMS, { error: 'no such ad platform' }),
})
