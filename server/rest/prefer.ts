export interface Preferences {
  /** `representation` answers with the inserted rows; anything else with no body. */
  return: 'minimal' | 'representation'
  /** `exact` adds the total row count to Content-Range. */
  count: boolean
}

/**
 * Reads the `Prefer` header (RFC 7240) the way PostgREST does by default:
 * unknown or malformed preferences are ignored rather than refused.
 */
export function parsePrefer(header: string | string[] | undefined): Preferences {
  const tokens = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((token) => token.trim().toLowerCase())
  return {
    return: tokens.includes('return=representation') ? 'representation' : 'minimal',
    count: tokens.includes('count=exact'),
  }
}
