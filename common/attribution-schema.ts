import { z } from 'zod'
import {
  ATTRIBUTION_MAX_BYTES,
  ATTRIBUTION_VALUE_MAX_LENGTH,
  TOUCH_KEYS,
  type Attribution,
  type Touch,
  type TouchKey,
} from './attribution.ts'

// jsonb refuses \u0000 and an unpaired surrogate outright: a value holding one
// would make the whole insert fail, and with it the lead.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

const text = z
  .string()
  .min(1)
  .max(ATTRIBUTION_VALUE_MAX_LENGTH)
  .refine((value) => !value.includes('\u0000') && !LONE_SURROGATE.test(value))

// The page writes toISOString(); anything else would sort and filter wrongly as a time.
const time = z.iso.datetime().max(ATTRIBUTION_VALUE_MAX_LENGTH)

// A value that fails is left out, not the touch around it: the rest of the visit still says where it came from.
const kept = (schema: z.ZodType<string>) => schema.optional().catch(undefined)

const touchShape = Object.fromEntries(
  TOUCH_KEYS.map((key) => [key, kept(key === 'captured_at' ? time : text)]),
) as Record<TouchKey, ReturnType<typeof kept>>

/** One visit, cleaned: unknown keys dropped, bad values dropped, nothing left means no touch. */
export const touchSchema = z
  .object(touchShape)
  .transform((touch): Touch | undefined => {
    const values = Object.entries(touch).filter((entry): entry is [TouchKey, string] => entry[1] !== undefined)
    return values.length > 0 ? (Object.fromEntries(values) as Touch) : undefined
  })
  .catch(undefined)

const byteLength = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length

/**
 * The attribution as it is stored, from whatever a request carried. It never
 * fails, so attribution never costs the lead: what is not an object with
 * touches is null, a touch that is not an object is left out, and within a
 * touch unknown keys and bad values (not text, empty, over 255 characters,
 * holding what jsonb cannot store, or a captured_at that is not an ISO time)
 * are left out. Cleaned, an attribution over 4 KB of JSON is null: the page
 * never sends that much, so only a forged request loses it, and whole, rather
 * than some arbitrary part.
 */
export const attributionSchema = z
  .object({ first_touch: touchSchema.optional(), last_touch: touchSchema.optional() })
  .transform((attribution): Attribution | null => {
    const touches = Object.entries(attribution).filter(
      (entry): entry is [keyof Attribution, Touch] => entry[1] !== undefined,
    )
    if (touches.length === 0) return null
    const cleaned: Attribution = Object.fromEntries(touches)
    return byteLength(cleaned) <= ATTRIBUTION_MAX_BYTES ? cleaned : null
  })
  .catch(null)

export const cleanAttribution = (value: unknown): Attribution | null => attributionSchema.parse(value)
