import { createHash } from 'node:crypto'

/**
 * A name for each statement text, the first `max` texts only (each named one
 * takes memory on every connection). Named after their text, so a connection
 * (or a pooler's backend) holding a statement of that name holds this very
 * statement.
 */
export function statementNames(max: number): (sql: string) => string | undefined {
  const names = new Map<string, string>()
  return (sql) => {
    let name = names.get(sql)
    if (name === undefined && names.size < max) {
      name = `landing_${createHash('sha256').update(sql).digest('hex').slice(0, 24)}`
      names.set(sql, name)
    }
    return name
  }
}
