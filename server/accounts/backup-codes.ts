import { createHash, randomInt } from 'node:crypto'
import { BACKUP_CODE_COUNT } from '../../common/session-api.ts'
import type { Queryable } from '../db/database.ts'

// No 0/o, 1/l/i: the codes are copied by hand from paper.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'
const LENGTH = 10

// Spaces, dashes and case as typed do not matter.
const canonical = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, '')
const digest = (code: string) => createHash('sha256').update(canonical(code)).digest()

/** Ten new codes, shown once as `xxxxx-xxxxx`; about 49 bits each. */
export function newBackupCodes(): string[] {
  return Array.from({ length: BACKUP_CODE_COUNT }, () => {
    const code = Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('')
    return `${code.slice(0, 5)}-${code.slice(5)}`
  })
}

/** Replaces the account's codes: earlier ones stop working. */
export async function storeBackupCodes(db: Queryable, accountId: number, codes: readonly string[]): Promise<void> {
  await db.query('DELETE FROM admin_backup_codes WHERE account_id = $1', [accountId])
  for (const code of codes) {
    await db.query('INSERT INTO admin_backup_codes (account_id, code_hash) VALUES ($1, $2)', [accountId, digest(code)])
  }
}

/** Whether `code` is one of the account's codes; a code that was, is not any more. */
export async function useBackupCode(db: Queryable, accountId: number, code: string): Promise<boolean> {
  if (canonical(code).length !== LENGTH) return false
  const used = await db.query('DELETE FROM admin_backup_codes WHERE account_id = $1 AND code_hash = $2 RETURNING 1', [
    accountId,
    digest(code),
  ])
  return used.length > 0
}
