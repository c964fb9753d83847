/**
 * Sources in words: a lead's or a visit's source is a utm_source the agency
 * chose (`ig`) or a referring host (`l.instagram.com`), lower-cased, and the
 * inbox names the well-known ones. Written once for the Funnel screen and the
 * lead list. An unknown source is shown as it is.
 */
import { DIRECT_SOURCE } from './funnel-api.ts'
import { OTHER_SOURCES } from './funnel-report.ts'

/** The Funnel's row that sums the sources past its cap (FUNNEL_SOURCE_ROWS in funnel-report.ts), in words. */
export const OTHER_SOURCES_NAME = 'Other sources'

const NAMED: Readonly<Record<string, string>> = {
  ig: 'Instagram',
  instagram: 'Instagram',
  fb: 'Facebook',
  facebook: 'Facebook',
  meta: 'Meta ads',
  google: 'Google',
  tiktok: 'TikTok',
  tt: 'TikTok',
  youtube: 'YouTube',
  yt: 'YouTube',
  linkedin: 'LinkedIn',
  li: 'LinkedIn',
  twitter: 'X (Twitter)',
  x: 'X (Twitter)',
  't.co': 'X (Twitter)',
  bing: 'Bing',
  newsletter: 'Newsletter',
  email: 'Email',
}

// A referrer's host reads as its site: www.google.com, l.instagram.com and m.facebook.com are Google, Instagram, Facebook.
const HOST_PREFIX = /^(?:www|l|lm|m|mobile)\./
const siteOf = (host: string) => host.replace(HOST_PREFIX, '').replace(/\.(?:com|co\.[a-z]{2}|[a-z]{2})$/, '')

/** The source's name in words, or undefined when none is known (the source is then shown as it is). */
export function sourceName(source: string): string | undefined {
  if (source === DIRECT_SOURCE) return undefined
  const key = source.trim().toLowerCase()
  return NAMED[key] ?? NAMED[siteOf(key)]
}

/** What the inbox shows for a source: its name where known, else the source itself. */
export const sourceLabel = (source: string) => sourceName(source) ?? source

/**
 * A source of the Funnel's sources table in words: OTHER_SOURCES there is
 * always the row of the sources past its cap (a source of that name is
 * counted in it), so it is named as such; any other as sourceName names it.
 */
export const funnelSourceName = (source: string) => (source === OTHER_SOURCES ? OTHER_SOURCES_NAME : sourceName(source))
