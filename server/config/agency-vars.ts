import { z } from 'zod'
import { DEFAULT_LOST_REASONS, LOST_REASON_MAX_LENGTH } from '../../common/lead-outcome-api.ts'
import { isCurrencyCode } from '../../common/lead-outcome-schema.ts'
import { isTimeZone } from '../../common/zoned-day.ts'
import { commaList, envVar, readWith } from './fields.ts'

// The outcome form's choices: a short list, each short enough for its column (migrations/023).
const lostReasons = readWith((value, refuse) => {
  const { items } = commaList(value, () => true, { dropEmpty: true, dropRepeats: true })
  if (items.length === 0 || items.length > 20) return refuse('must be 1 to 20 reasons, comma-separated')
  if (items.some((item) => item.length > LOST_REASON_MAX_LENGTH))
    return refuse(`each reason must be at most ${LOST_REASON_MAX_LENGTH} characters`)
  return items
})

// The server's own zone by default: what its clock already shows the agency.
const serverTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'

const timeZone = readWith((value, refuse) =>
  isTimeZone(value)
    ? value
    : refuse(
        `${JSON.stringify(value)} is not a time zone this server knows: give an IANA name such as America/New_York`,
      ),
)

/** How the agency works: its time zone (ADR 042), and its outcomes' currency and lost reasons (ADR 040). */
export const AGENCY_VARS = {
  TIMEZONE: envVar(timeZone.default(serverTimeZone)),
  CURRENCY: envVar(
    z
      .string()
      .trim()
      .toUpperCase()
      .refine(isCurrencyCode, 'must be an ISO 4217 currency code, such as USD, EUR or GBP')
      .default('USD'),
  ),
  LOST_REASONS: envVar(lostReasons.default([...DEFAULT_LOST_REASONS])),
}
