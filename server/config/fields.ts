import { z } from 'zod'

/**
 * An environment variable's schema, which says with `.optional()` or
 * `.default()` what unset means. `FOO=` in a .env file or a compose file
 * means "not set", not "the empty string", so empty is unset too.
 */
export const envVar = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema)

export const wholeNumber = z.string().regex(/^\d+$/, 'must be a whole number (0 or more)').transform(Number)

export const portNumber = z
  .string()
  .regex(/^\d{1,5}$/, 'must be a whole number from 0 to 65535')
  .transform(Number)
  .refine((port) => port <= 65535, 'must be a whole number from 0 to 65535')

/**
 * A whole number of days, 1 or more, of at most `digits` digits; `hint` ends
 * the message, for a variable whose unset value means something of its own.
 */
export function wholeDays(digits: number, hint?: string) {
  const message = `must be a whole number of days, 1 or more${hint === undefined ? '' : ` (${hint})`}`
  return z
    .string()
    .regex(new RegExp(`^\\d{1,${digits}}$`), message)
    .transform(Number)
    .refine((days) => days >= 1, message)
}

/** A switch spelled with two words: true for `on`, false for `off`. */
export function toggle(on: string, off: string) {
  return z.enum([on, off], `must be ${on} or ${off}`).transform((value) => value === on)
}

/**
 * A value `read` turns into what the server uses, or refuses with a message.
 * The message never holds the value: several variables are secrets, or carry one.
 * Unlike a failed `.refine()`, a refusal skips the checks across variables, so
 * a refused list is not reported again as a missing companion's fault.
 */
export function readWith<T>(read: (value: string, refuse: (message: string) => never) => T) {
  return z.string().transform((value, context) =>
    read(value, (message) => {
      context.addIssue({ code: 'custom', message })
      return z.NEVER
    }),
  )
}

/**
 * The trimmed items of a comma-separated list, and how many of them `isItem`
 * refuses. An empty item is an item unless `dropEmpty` (then a trailing comma
 * is harmless); `dropRepeats` keeps the first of equal items.
 */
export function commaList(
  value: string,
  isItem: (item: string) => boolean,
  { dropEmpty = false, dropRepeats = false } = {},
) {
  let items = value.split(',').map((item) => item.trim())
  if (dropEmpty) items = items.filter((item) => item !== '')
  if (dropRepeats) items = [...new Set(items)]
  return { items, refused: items.filter((item) => !isItem(item)).length }
}

export function isHttpUrl(value: string) {
  if (!URL.canParse(value)) return false
  const url = new URL(value)
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== ''
}

// Enough to catch a wrong variable; the SMTP server is the judge of the rest.
export function isEmailAddress(value: string) {
  return /^[^\s@<>,]+@[^\s@<>,]+\.[^\s@<>,]+$/.test(value)
}

/** The key of a Standard Webhooks secret (`whsec_` + base64), or undefined when it is not one. */
export function decodeWebhookSecret(value: string): Buffer | undefined {
  const match = /^whsec_([A-Za-z0-9+/]+={0,2})$/.exec(value)
  if (!match?.[1] || match[1].length % 4 !== 0) return undefined
  const key = Buffer.from(match[1], 'base64')
  return key.length >= 24 && key.length <= 64 ? key : undefined
}

// What a booking provider signs with: ours to choose, so long enough not to be guessed.
export const bookingSecret = z
  .string()
  .min(16, 'must be at least 16 characters long')
  .max(500, 'must be at most 500 characters long')
  .refine(
    (value) => value === value.trim() && value !== 'no-secret-provided',
    'must not start or end with a space, nor be no-secret-provided',
  )

export const emailAddresses = readWith((value, refuse) => {
  const { items, refused } = commaList(value, isEmailAddress, { dropEmpty: true })
  return items.length > 0 && refused === 0 ? items : refuse('must be one or more email addresses, comma-separated')
})

/** TRUST_PROXY: false, a hop count, or the proxies' addresses. */
export const trustedProxies = readWith((value, refuse) => {
  if (value === 'false') return false as const
  // Believing every peer makes the left-most X-Forwarded-For entry, which the
  // client writes, its address: anyone could pick a new rate-limit key per request.
  if (value === 'true') {
    return refuse(
      'true is refused: it lets any client choose its own address (and rate-limit key) in X-Forwarded-For; give the number of proxies in front (1 for one) or their IPs/CIDRs',
    )
  }
  if (/^\d+$/.test(value)) return Number(value)
  const { items, refused } = commaList(value, (item) => /^[0-9a-fA-F.:/]+$/.test(item))
  return refused === 0 ? items : refuse('must be false, a hop count, or a comma-separated list of proxy IPs or CIDRs')
})

/** CORS_ORIGINS (the allowed origins): * or a list of origins. */
export const corsOrigins = readWith((value, refuse) => {
  if (value.trim() === '*') return '*' as const
  const { items, refused } = commaList(value, (item) => URL.canParse(item) && new URL(item).origin === item)
  return refused === 0 ? items : refuse('must be * or a comma-separated list of origins like https://example.com')
})

// The URL itself may carry a token (many receivers put one in the path), so it is not repeated.
export const webhookUrls = readWith((value, refuse) => {
  const { items, refused } = commaList(value, isHttpUrl, { dropEmpty: true, dropRepeats: true })
  if (items.length > 0 && refused === 0) return items
  return refuse(`must be one or more http:// or https:// URLs, comma-separated (${refused || 'no'} malformed)`)
})

export const webhookSecret = readWith(
  (value, refuse) =>
    decodeWebhookSecret(value) ??
    refuse('must be whsec_ followed by 24 to 64 bytes in base64, as Standard Webhooks secrets are'),
)
