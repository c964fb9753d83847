import { IDENTIFIER, isTableColumn, type TableModel } from './columns.ts'
import { unknownColumn, unparsableQuery } from './postgrest-error.ts'

export interface ReadQuery {
  /** SQL: `*` or a list of quoted, known columns. */
  select: string
  /** SQL: `WHERE …` or empty. Values are in `params`. */
  where: string
  /** SQL: `ORDER BY …` or empty. */
  orderBy: string
  limit: number | undefined
  offset: number
  params: string[]
}

// The subset of PostgREST's query language an operator needs to page through
// applications: https://docs.postgrest.org/en/stable/references/api/tables_views.html
const OPERATORS: Record<string, string> = { eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=' }
// The insert call's column hint; harmless on a read, so PostgREST ignores it there too.
const IGNORED = new Set(['columns'])

const column = (name: string, table: TableModel): string => {
  if (isTableColumn(name, table)) return `"${name}"`
  // Quote back only what looks like a column name; anything else is not echoed.
  throw IDENTIFIER.test(name) ? unknownColumn(table.name, name) : unparsableQuery('failed to parse column name')
}

export const single = (name: string, value: unknown): string | undefined => {
  if (value === undefined || typeof value === 'string') return value
  throw unparsableQuery(`"${name}" may appear only once`)
}

/** Parses `select`, `order`, `limit`, `offset` and `col=op.value` filters. */
export function parseReadQuery(query: Record<string, unknown>, table: TableModel): ReadQuery {
  const params: string[] = []
  const conditions: string[] = []
  const hidden = table.hiddenUnlessFiltered
  if (hidden !== undefined && !Object.hasOwn(query, hidden.column)) conditions.push(hidden.condition)
  for (const [name, raw] of Object.entries(query)) {
    if (['select', 'order', 'limit', 'offset'].includes(name) || IGNORED.has(name)) continue
    const sqlColumn = column(name, table)
    for (const filter of Array.isArray(raw) ? raw : [raw]) {
      const match = typeof filter === 'string' ? /^(\w+)\.(.*)$/s.exec(filter) : null
      const operator = match?.[1] === undefined ? undefined : OPERATORS[match[1]]
      if (match?.[2] === undefined || operator === undefined) {
        throw unparsableQuery('failed to parse filter', 'Supported operators: eq, neq, gt, gte, lt, lte.')
      }
      params.push(match[2])
      conditions.push(`${sqlColumn} ${operator} $${params.length}`)
    }
  }

  return {
    select: parseSelect(single('select', query.select), table),
    where: conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '',
    orderBy: parseOrder(single('order', query.order), table),
    limit: parseCount('limit', single('limit', query.limit)),
    offset: parseCount('offset', single('offset', query.offset)) ?? 0,
    params,
  }
}

/** `*` (the default) or a comma-separated list of columns. */
export function parseSelect(select: string | undefined, table: TableModel): string {
  const names = (select ?? '*').split(',').map((name) => name.trim())
  if (names.length === 1 && (names[0] === '*' || names[0] === '')) return '*'
  return names.map((name) => column(name, table)).join(', ')
}

function parseOrder(order: string | undefined, table: TableModel): string {
  if (order === undefined || order.trim() === '') return ''
  const terms = order.split(',').map((term) => {
    const match = /^([^.]*)(?:\.(asc|desc))?(?:\.(nullsfirst|nullslast))?$/.exec(term.trim())
    if (!match) throw unparsableQuery('failed to parse order', 'Use column, column.asc or column.desc.')
    const [, name = '', direction, nulls] = match
    return [
      column(name, table),
      direction?.toUpperCase(),
      nulls === undefined ? undefined : nulls === 'nullsfirst' ? 'NULLS FIRST' : 'NULLS LAST',
    ]
      .filter(Boolean)
      .join(' ')
  })
  return `ORDER BY ${terms.join(', ')}`
}

function parseCount(name: string, value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined
  if (!/^\d{1,15}$/.test(value)) throw unparsableQuery(`failed to parse ${name} parameter`, 'Use a whole number.')
  return Number(value)
}
