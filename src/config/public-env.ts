import { z } from 'zod'
import { BOOKING_PAGE_PROVIDERS } from '../../common/booking-link.ts'

/**
 * Values an operator sets per deployment, read at build time (they end up in
 * the page, so nothing secret belongs here). Parsed by vite.config.ts, so a bad
 * value stops the build with a message naming it.
 */
const optionalUrl = z.union([z.literal(''), z.url({ protocol: /^https?$/ })]).optional()

export const publicEnvSchema = z.object({
  VITE_API_URL: optionalUrl,
  VITE_API_ANON_KEY: z.string().optional(),
  VITE_VIDEO_URL: optionalUrl,
  VITE_BOOKING_URL: optionalUrl,
  // Empty, as .env.example leaves it, means unset: the provider is told from the booking URL's host.
  VITE_BOOKING_PROVIDER: z.union([z.literal(''), z.enum(BOOKING_PAGE_PROVIDERS)]).optional(),
})

export type PublicEnv = z.infer<typeof publicEnvSchema>

export function parsePublicEnv(env: Record<string, string | undefined>): PublicEnv {
  const result = publicEnvSchema.safeParse(env)
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
    throw new Error(`Invalid build configuration:\n  ${problems.join('\n  ')}`)
  }
  return result.data
}
