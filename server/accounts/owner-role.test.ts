import { readdir } from 'node:fs/promises'
import { afterEach, describe, expect, it } from 'vitest'
import { MIGRATIONS_DIR, migrate } from '../db/migrate.ts'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { openTempDatabase, type TempDatabase } from '../testing/temp-database.ts'
import { addAccount, removeAccount } from './accounts.ts'

const PASSWORD = 'correct horse battery'
const BEFORE_TEAMMATES = new Set(
  (await readdir(MIGRATIONS_DIR)).filter((name) => name.endsWith('.sql') && name < '014'),
)

let temp: TempDatabase | undefined
afterEach(async () => {
  await temp?.dispose()
  temp = undefined
})

const roles = async (db: TempDatabase['db']) =>
  Object.fromEntries(
    (await db.query<{ email: string; role: string }>('SELECT email, role FROM admin_accounts ORDER BY email')).map(
      (row) => [row.email, row.role],
    ),
  )

describe(`the inbox's owner on ${DATABASE_TARGET}`, () => {
  it('is, on a database that had accounts before migration 014, the oldest of them', async () => {
    temp = await openTempDatabase({ migrated: false })
    await migrate(temp.db, MIGRATIONS_DIR, { only: BEFORE_TEAMMATES })
    // Added first, but not the oldest: the accounts' age decides, not their id.
    await temp.db.query(
      `INSERT INTO admin_accounts (email, password_hash, created_at) VALUES
         ('newer@example.com', '$argon2id$v=19$x', now()),
         ('oldest@example.com', '$argon2id$v=19$x', now() - interval '1 year'),
         ('middle@example.com', '$argon2id$v=19$x', now() - interval '1 month')`,
    )
    await migrate(temp.db)
    expect(await roles(temp.db)).toEqual({
      'middle@example.com': 'member',
      'newer@example.com': 'member',
      'oldest@example.com': 'owner',
    })
    // One owner at most.
    await expect(
      temp.db.query("UPDATE admin_accounts SET role = 'owner' WHERE email = 'newer@example.com'"),
    ).rejects.toThrow()
  })

  it('is the first account `npm run admin -- add` makes; removing it makes the oldest account with a password the owner', async () => {
    temp = await openTempDatabase()
    await addAccount(temp.db, 'first@example.com', PASSWORD)
    await addAccount(temp.db, 'second@example.com', PASSWORD)
    await addAccount(temp.db, 'third@example.com', PASSWORD)
    expect(await roles(temp.db)).toEqual({
      'first@example.com': 'owner',
      'second@example.com': 'member',
      'third@example.com': 'member',
    })
    // A teammate still waiting for their set-up link is passed over.
    await temp.db.query(
      "INSERT INTO admin_accounts (email, created_at) VALUES ('waiting@example.com', now() - interval '1 year')",
    )
    await removeAccount(temp.db, 'first@example.com')
    expect((await roles(temp.db))['second@example.com']).toBe('owner')
    await removeAccount(temp.db, 'third@example.com')
    expect((await roles(temp.db))['second@example.com']).toBe('owner')
  })
})
