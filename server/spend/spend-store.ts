import { fromMinorUnits } from '../../common/money.ts'
import type { SpendEntry, SpendPeriod } from '../../common/spend-api.ts'
import { SPEND_LIST_MAX } from '../../common/spend-api.ts'
import { recordAudit } from '../db/audit.ts'
import type { Database, Queryable, Row } from '../db/database.ts'

/** A spend row as stored: its amount in minor units of `currency`. */
export interface SpendRow {
  per: SpendPeriod
  day: string
  source: string
  campaign: string
  amountMinor: bigint
  currency: string
}

interface StoredRow extends Row {
  id: string
  per: SpendPeriod
  day: string
  source: string
  campaign: string
  amount_minor: string
  currency: string
  updated_at: Date | string
  replaced?: boolean
}

const COLUMNS = `id::text, per, to_char(day, 'YYYY-MM-DD') AS day, source, campaign, amount_minor::text, currency, updated_at`

const entryOf = (row: StoredRow): SpendEntry => ({
  id: Number(row.id),
  per: row.per,
  day: row.day,
  source: row.source,
  campaign: row.campaign,
  amount: fromMinorUnits(row.amount_minor, row.currency),
  currency: row.currency,
  updatedAt: new Date(row.updated_at).toISOString(),
})

// xmax is 0 on a row this statement inserted, and set on one it updated: whether the key was there already.
const UPSERT = `INSERT INTO ad_spend (per, day, source, campaign, amount_minor, currency, created_by)
  SELECT * FROM unnest($1::text[], $2::date[], $3::text[], $4::text[], $5::bigint[], $6::text[], $7::bigint[])
  ON CONFLICT ON CONSTRAINT ad_spend_key DO UPDATE
    SET amount_minor = EXCLUDED.amount_minor, currency = EXCLUDED.currency, updated_at = now()
  RETURNING ${COLUMNS}, xmax <> 0 AS replaced`

/** Enters rows (their keys distinct), each replacing a row of the same key; in the caller's transaction. */
async function upsert(tx: Queryable, rows: readonly SpendRow[], accountId: number): Promise<StoredRow[]> {
  return tx.query<StoredRow>(UPSERT, [
    rows.map((row) => row.per),
    rows.map((row) => row.day),
    rows.map((row) => row.source),
    rows.map((row) => row.campaign),
    rows.map((row) => row.amountMinor.toString()),
    rows.map((row) => row.currency),
    rows.map(() => accountId),
  ])
}

export interface Actor {
  accountId: number
  email: string
}

/** Enters one row (replacing its key's), audited in the same transaction. */
export async function enterSpend(db: Database, row: SpendRow, actor: Actor): Promise<SpendEntry> {
  return db.transaction(async (tx) => {
    const [stored] = await upsert(tx, [row], actor.accountId)
    if (stored === undefined) throw new Error('the spend upsert returned no row')
    const entry = entryOf(stored)
    const { per, day, source, campaign, amount, currency } = entry
    const detail = { id: entry.id, per, day, source, campaign, amount, currency, replaced: stored.replaced === true }
    await recordAudit(tx, { actor: actor.email, action: 'spend.enter', detail })
    return entry
  })
}

// PostgreSQL binds at most 65,535 parameters, and arrays keep a batch to 7; these batches keep each statement small.
const IMPORT_BATCH = 2000

/** Enters every row or none (one transaction), audited once. */
export async function importSpend(
  db: Database,
  rows: readonly SpendRow[],
  actor: Actor,
): Promise<{ imported: number; replaced: number }> {
  return db.transaction(async (tx) => {
    let replaced = 0
    for (let start = 0; start < rows.length; start += IMPORT_BATCH) {
      const stored = await upsert(tx, rows.slice(start, start + IMPORT_BATCH), actor.accountId)
      replaced += stored.filter((row) => row.replaced === true).length
    }
    const result = { imported: rows.length - replaced, replaced }
    await recordAudit(tx, { actor: actor.email, action: 'spend.import', detail: result })
    return result
  })
}

/** Deletes one row; false when there is none of that id. */
export async function deleteSpend(db: Database, id: number, actor: Actor): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [gone] = await tx.query<StoredRow>(`DELETE FROM ad_spend WHERE id = $1 RETURNING ${COLUMNS}`, [id])
    if (gone === undefined) return false
    const { per, day, source, campaign, amount, currency } = entryOf(gone)
    await recordAudit(tx, {
      actor: actor.email,
      action: 'spend.delete',
      detail: { id, per, day, source, campaign, amount, currency },
    })
    return true
  })
}

/** The rows of days from..to (a month's row when its month meets the range), newest first, at most SPEND_LIST_MAX. */
export async function listSpend(
  db: Queryable,
  from: string,
  to: string,
): Promise<{ entries: SpendEntry[]; more: boolean }> {
  const rows = await db.query<StoredRow>(
    `SELECT ${COLUMNS} FROM ad_spend
     WHERE day <= $2::date AND day >= date_trunc('month', $1::date)::date
       AND (per = 'month' OR day >= $1::date)
     ORDER BY day DESC, id DESC LIMIT $3`,
    [from, to, SPEND_LIST_MAX + 1],
  )
  return { entries: rows.slice(0, SPEND_LIST_MAX).map(entryOf), more: rows.length > SPEND_LIST_MAX }
}
