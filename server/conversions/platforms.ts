import { createHash } from 'node:crypto'
import type { Queryable } from '../db/database.ts'
import { AD_PLATFORMS, type AdPlatform } from './ports.ts'

/** Events per request, as each platform documents it (Meta's and TikTok's 1,000, Google's 2,000). */
export { BATCH_LIMITS } from './platforms/batches.ts'

/** A platform this server sends to, named by its token's fingerprint. */
export interface ConfiguredPlatform {
  platform: AdPlatform
  /** tokenFingerprint(the token it sends with): never the token. */
  fingerprint: string
}

/**
 * Tells a paused platform's token from the next one without keeping it: a
 * prefix of its SHA-256, which says nothing usable of a long random token.
 * The running server prints its credentials with the wire's
 * credentialsFingerprint; tests print a made-up token with this.
 */
export function tokenFingerprint(token: string): string {
  return createHash('sha256').update(token).digest('hex').slice(0, 16)
}

/**
 * Writes which platforms this server sends to, at its start: the triggers
 * write rows for those only. A pause made under another token's fingerprint is
 * lifted (the token was fixed); one made under this one stays. Resolves to the
 * platforms resumed.
 */
export async function registerPlatforms(
  db: Queryable,
  configured: readonly ConfiguredPlatform[],
): Promise<AdPlatform[]> {
  const fingerprints = AD_PLATFORMS.map(
    (platform) => configured.find((entry) => entry.platform === platform)?.fingerprint ?? null,
  )
  const rows = await db.query<{ platform: AdPlatform; resumed: boolean }>(
    `WITH given AS (SELECT * FROM unnest($1::text[], $2::text[]) AS g(platform, fingerprint)),
     old AS (SELECT p.platform, p.paused_at, p.paused_fingerprint FROM conversion_platforms p FOR UPDATE)
     UPDATE conversion_platforms p SET configured = g.fingerprint IS NOT NULL,
       token_fingerprint = g.fingerprint,
       paused_at = CASE WHEN g.fingerprint IS DISTINCT FROM p.paused_fingerprint THEN NULL ELSE p.paused_at END,
       paused_reason = CASE WHEN g.fingerprint IS DISTINCT FROM p.paused_fingerprint THEN NULL ELSE p.paused_reason END,
       paused_fingerprint = CASE WHEN g.fingerprint IS DISTINCT FROM p.paused_fingerprint THEN NULL ELSE p.paused_fingerprint END
     FROM given g, old o WHERE p.platform = g.platform AND o.platform = g.platform
     RETURNING p.platform, (o.paused_at IS NOT NULL AND p.paused_at IS NULL AND p.configured) AS resumed`,
    [AD_PLATFORMS, fingerprints],
  )
  return rows.filter((row) => row.resumed).map((row) => row.platform)
}
