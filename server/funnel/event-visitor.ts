import { createHash, randomBytes } from 'node:crypto'
import { utcDay } from '../../common/utc-day.ts'
import type { Queryable } from '../db/database.ts'

// A process asks the database again at least this often, so a salt never
// stays in its memory long after its day, even when no event comes.
const SALT_MEMORY_MS = 60 * 60 * 1000

/**
 * Hashes visitors as migrations/010's page_event_visitor does (sha256 of the
 * day's salt, then host, address and User-Agent joined by newlines), here in
 * the server: one salt lookup a day instead of one function call per batch,
 * which cost more than the insert. The day's salt is the database's, made by
 * whichever instance asks first, so every instance hashes alike.
 */
export function createVisitorHasher(db: Queryable) {
  let cached: { day: string; salt: Promise<Buffer> } | undefined
  let forget: NodeJS.Timeout | undefined

  const saltOf = (day: string) => {
    if (cached?.day === day) return cached.salt
    // Two instances asking at once get the same row: the update only returns it.
    const salt = db
      .query<{ salt: Uint8Array }>(
        `INSERT INTO page_event_salts (day, salt) VALUES ($1::date, $2)
         ON CONFLICT (day) DO UPDATE SET day = EXCLUDED.day
         RETURNING salt`,
        [day, randomBytes(32)],
      )
      .then(([row]) => {
        if (!row) throw new Error('no salt came back')
        return Buffer.from(row.salt)
      })
    cached = { day, salt }
    // A failed lookup is asked again by the next batch.
    salt.catch(() => {
      if (cached?.salt === salt) cached = undefined
    })
    clearTimeout(forget)
    forget = setTimeout(() => (cached = undefined), SALT_MEMORY_MS).unref()
    return salt
  }

  return async (address: string, userAgent: string, host: string): Promise<Buffer> => {
    const salt = await saltOf(utcDay())
    return createHash('sha256').update(salt).update(`${host}\n${address}\n${userAgent}`, 'utf8').digest()
  }
}
