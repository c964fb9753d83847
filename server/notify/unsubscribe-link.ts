import { createHmac, timingSafeEqual } from 'node:crypto'
import type { Queryable } from '../db/database.ts'

/** Where the follow-up's unsubscribe link points, on PUBLIC_URL. */
export const UNSUBSCRIBE_PATH = '/api/follow-ups/unsubscribe'

const KEY_NAME = 'follow_up_unsubscribe'

/**
 * Signs and checks unsubscribe links with the key migration 013 made in the
 * database, so every server sharing it signs alike. The key is read once.
 */
export function unsubscribeSigner(db: Queryable) {
  let key: Promise<string> | undefined
  const readKey = () =>
    (key ??= db.query<{ key: string }>('SELECT key FROM site_keys WHERE name = $1', [KEY_NAME]).then(([row]) => {
      if (row === undefined) throw new Error('the unsubscribe signing key is missing: run the migrations')
      return row.key
    })).catch((error: unknown) => {
      key = undefined
      throw error
    })
  const sign = async (submissionId: string) =>
    createHmac('sha256', await readKey())
      .update(`unsubscribe:${submissionId}`)
      .digest('base64url')
  return {
    /** The one-click link for the applicant of `submissionId`, on `publicUrl`. */
    async link(publicUrl: string, submissionId: string) {
      const url = new URL(UNSUBSCRIBE_PATH, publicUrl)
      url.searchParams.set('application', submissionId)
      url.searchParams.set('signature', await sign(submissionId))
      return url.href
    },
    /** Whether `signature` is ours for `submissionId`, compared in constant time. */
    async verify(submissionId: string, signature: string) {
      const expected = Buffer.from(await sign(submissionId))
      const given = Buffer.from(signature)
      return given.length === expected.length && timingSafeEqual(given, expected)
    },
  }
}

export type UnsubscribeSigner = ReturnType<typeof unsubscribeSigner>
