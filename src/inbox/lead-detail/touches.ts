import { TOUCH_KEYS, type Touch } from '../../../common/attribution.ts'

/** A touch's known keys with a text value, in the attribution's own order; anything else stored is left out. */
function touchOf(value: unknown): Touch | undefined {
  if (typeof value !== 'object' || value === null) return undefined
  const record = value as Record<string, unknown>
  const entries = TOUCH_KEYS.flatMap((key) => (typeof record[key] === 'string' ? [[key, record[key]] as const] : []))
  return entries.length ? Object.fromEntries(entries) : undefined
}

/** The first and last touch of a stored attribution, which the server hands over as it is. */
export function touchesOf(attribution: unknown): { first?: Touch; last?: Touch } {
  if (typeof attribution !== 'object' || attribution === null) return {}
  const stored = attribution as Record<string, unknown>
  return { first: touchOf(stored.first_touch ?? stored.first), last: touchOf(stored.last_touch ?? stored.last) }
}
