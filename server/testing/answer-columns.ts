import type { Queryable } from '../db/database.ts'

/**
 * The answer columns of contact_submissions as the migrations made them: every
 * NOT NULL text column, with the bound its CHECK constraint puts on it, or
 * null when no CHECK both refuses a blank answer and bounds its length.
 */
export async function answerColumns(db: Queryable): Promise<Record<string, number | null>> {
  const rows = await db.query<{ column: string; checks: string[] | null }>(
    `SELECT a.attname AS column,
            array_agg(pg_get_constraintdef(c.oid)) FILTER (WHERE c.oid IS NOT NULL) AS checks
     FROM pg_attribute a
     LEFT JOIN pg_constraint c ON c.conrelid = a.attrelid AND c.contype = 'c' AND a.attnum = ANY (c.conkey)
     WHERE a.attrelid = 'contact_submissions'::regclass AND a.attnum > 0 AND NOT a.attisdropped
       AND a.attnotnull AND a.atttypid = 'text'::regtype
     GROUP BY a.attnum, a.attname
     ORDER BY a.attnum`,
  )
  return Object.fromEntries(
    rows.map(({ column, checks }) => {
      const bounds = (checks ?? []).flatMap((check) => {
        const limit = new RegExp(`char_length\\(${column}\\) <= (\\d+)`).exec(check)?.[1]
        return limit !== undefined && check.includes(`btrim(${column}) <> ''`) ? [Number(limit)] : []
      })
      return [column, bounds.length === 1 ? (bounds[0] ?? null) : null]
    }),
  )
}
