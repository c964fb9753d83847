import { PostgrestError } from './postgrest-error.ts'

export type ReturnPreference = 'minimal' | 'representation' | 'headers-only'
export type CountPreference = 'exact' | 'planned' | 'estimated'
export type ResolutionPreference = 'merge-duplicates' | 'ignore-duplicates'
export type MissingPreference = 'default' | 'null'
export type HandlingPreference = 'strict' | 'lenient'

/** The `Prefer` header as PostgREST reads it: each preference that was given, or undefined. */
export interface Preferences {
  return: ReturnPreference | undefined
  count: CountPreference | undefined
  resolution: ResolutionPreference | undefined
  missing: MissingPreference | undefined
  handling: HandlingPreference | undefined
  /** Tokens PostgREST does not know; refused only with `handling=strict`. */
  invalid: string[]
}

const KNOWN = {
  resolution: ['merge-duplicates', 'ignore-duplicates'],
  return: ['representation', 'minimal', 'headers-only'],
  count: ['exact', 'planned', 'estimated'],
  missing: ['default', 'null'],
  handling: ['strict', 'lenient'],
} as const

// Recognised but never acted on here: transactions are always committed, the
// time zone is the database's, and one row is the most a request can touch.
const IGNORED = [/^tx=(commit|rollback)$/, /^params=single-object$/, /^timezone=/, /^max-affected=/]

/**
 * Reads `Prefer` (RFC 7240) like PostgREST 12/13: tokens are comma-separated,
 * across any number of headers, matched exactly (lower case, as clients send
 * them); the first of each kind wins; unknown ones are ignored unless the
 * client asked for `handling=strict`.
 */
export function parsePrefer(header: string | string[] | undefined): Preferences {
  const tokens = (Array.isArray(header) ? header : [header ?? ''])
    .flatMap((value) => value.split(','))
    .map((token) => token.trim())
    .filter((token) => token !== '')
  const matches = (kind: keyof typeof KNOWN, token: string) => KNOWN[kind].some((value) => token === `${kind}=${value}`)
  const pick = <K extends keyof typeof KNOWN>(kind: K) =>
    tokens.find((token) => matches(kind, token))?.slice(kind.length + 1) as (typeof KNOWN)[K][number] | undefined
  const isKnown = (token: string) =>
    Object.keys(KNOWN).some((kind) => matches(kind as keyof typeof KNOWN, token)) ||
    IGNORED.some((pattern) => pattern.test(token))

  const preferences: Preferences = {
    return: pick('return'),
    count: pick('count'),
    resolution: pick('resolution'),
    missing: pick('missing'),
    handling: pick('handling'),
    invalid: tokens.filter((token) => !isKnown(token)),
  }
  if (preferences.handling === 'strict' && preferences.invalid.length > 0) {
    throw new PostgrestError(
      400,
      'PGRST122',
      'Invalid preferences given with handling=strict',
      `Invalid preferences: ${preferences.invalid.join(', ')}`,
    )
  }
  return preferences
}

/** Whether Content-Range carries a total, as PostgREST's `shouldCount`. */
export const wantsCount = (preferences: Preferences) =>
  preferences.count === 'exact' || preferences.count === 'estimated'

/**
 * The `Preference-Applied` value PostgREST sends, in its order, for the kinds
 * the endpoint honours; undefined when there is nothing to report.
 */
export function preferenceApplied(
  preferences: Preferences,
  kinds: readonly ('resolution' | 'missing' | 'return' | 'count' | 'handling')[],
): string | undefined {
  const order = ['resolution', 'missing', 'return', 'count', 'handling'] as const
  const applied = order
    .filter((kind) => kinds.includes(kind) && preferences[kind] !== undefined)
    .map((kind) => `${kind}=${preferences[kind]}`)
  return applied.length > 0 ? applied.join(', ') : undefined
}
