import pg from 'pg'

/** A statement waiting for its batch, with how to answer its caller. */
export interface Pending {
  sql: string
  params: unknown[]
  /** The caller marked it a one-row `INSERT … VALUES ($1, …)` (QueryOptions.oneRowInsert). */
  oneRowInsert: boolean
  resolve: (rows: Record<string, unknown>[]) => void
  reject: (error: unknown) => void
}

/** The batch in order, one-row inserts of the same text that follow each other grouped. */
export function runsOf(batch: readonly Pending[]): Pending[][] {
  const runs: Pending[][] = []
  for (const item of batch) {
    const last = runs.at(-1)
    const joins =
      item.oneRowInsert &&
      last?.[0]?.oneRowInsert === true &&
      last[0].sql === item.sql &&
      last[0].params.length === item.params.length
    if (joins) last.push(item)
    else runs.push([item])
  }
  return runs
}

const VALUES = / VALUES \((\$\d+(?:, \$\d+)*)\)$/

/** `INSERT … VALUES ($1, $2), ($3, $4), …`: the run's statements as one, with its parameters. */
export function multiRowInsert(run: readonly Pending[]): [sql: string, params: unknown[]] {
  const [first] = run as [Pending, ...Pending[]]
  const match = VALUES.exec(first.sql)
  if (!match) throw new Error(`Not a one-row INSERT … VALUES ($1, …): ${first.sql}`)
  const width = first.params.length
  const tuples = run.map(
    (_, row) => `(${Array.from({ length: width }, (_, column) => `$${row * width + column + 1}`).join(', ')})`,
  )
  return [`${first.sql.slice(0, match.index)} VALUES ${tuples.join(', ')}`, run.flatMap((item) => item.params)]
}

/**
 * The one-row insert with its values written in as literals, quoted by
 * node-postgres's escapeLiteral, or undefined when a value is not text or
 * NULL, or holds a NUL, which the simple-query message (NUL-terminated) cannot
 * carry: those go with parameters.
 */
export function literalInsert(item: Pending): string | undefined {
  const literals: string[] = []
  for (const value of item.params) {
    if (value === null) literals.push('NULL')
    else if (typeof value === 'string' && !value.includes('\0')) literals.push(pg.escapeLiteral(value))
    else return undefined
  }
  const match = VALUES.exec(item.sql)
  if (!match?.[1]) return undefined
  const values = match[1].split(', ').map((placeholder) => literals[Number(placeholder.slice(1)) - 1])
  if (values.includes(undefined)) return undefined
  return `${item.sql.slice(0, match.index)} VALUES (${values.join(', ')})`
}
