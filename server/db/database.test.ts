import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTempDatabase, type TempDatabase } from '../testing/temp-database.ts'
import { DatabaseUnavailableError } from './database.ts'
import { openPglite } from './pglite.ts'

let temp: TempDatabase
beforeAll(async () => {
  temp = await openTempDatabase()
})
afterAll(async () => {
  await temp.dispose()
})

describe('openPglite', () => {
  it('runs statements with parameters and returns rows', async () => {
    expect(await temp.db.query('SELECT $1::int + 1 AS answer', [41])).toEqual([{ answer: 42 }])
  })

  it('commits a transaction that resolves and rolls back one that throws', async () => {
    await temp.db.exec('CREATE TABLE tx_check (n int)')
    await temp.db.transaction((tx) => tx.query('INSERT INTO tx_check VALUES (1)'))
    await expect(
      temp.db.transaction(async (tx) => {
        await tx.query('INSERT INTO tx_check VALUES (2)')
        throw new Error('abandon')
      }),
    ).rejects.toThrow('abandon')
    expect(await temp.db.query('SELECT n FROM tx_check')).toEqual([{ n: 1 }])
  })

  it('keeps rows when the data directory is closed and opened again', async () => {
    await temp.db.query(
      `INSERT INTO contact_submissions (instagram, name, email, phone, business, budget, revenue, challenges)
       VALUES ('@persist', 'Restart Test', 'r@example.com', '+1 555', 'Shop', '$1', '$2', 'Survive a restart')`,
    )
    await temp.db.close()
    await expect(temp.db.query('SELECT 1')).rejects.toBeInstanceOf(DatabaseUnavailableError)

    temp.db = await openPglite(temp.dataDir)
    const rows = await temp.db.query<{ instagram: string }>(
      "SELECT instagram FROM contact_submissions WHERE challenges = 'Survive a restart'",
    )
    expect(rows).toEqual([{ instagram: '@persist' }])
  })
})
