import { isInboxDay } from '../../common/admin-api-schema.ts'
import { ApiError } from '../http/api-error.ts'

/** Where a page ended: the last lead's time (microseconds, UTC) and id. */
export interface Cursor {
  receivedAt: string
  id: string
}

// Microsecond timestamps as the database writes them with to_char (list-leads.ts).
const TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/
// Up to 18 digits always fits a bigint.
const ID = /^[1-9]\d{0,17}$/

/**
 * A day the inbox takes, and a clock time that formats back unchanged: Date
 * reads 24:00 as the next day's midnight, and PostgreSQL would take 23:59:60.
 */
function isCursorTime(time: string) {
  if (!TIME.test(time) || !isInboxDay(time.slice(0, 10))) return false
  const milliseconds = `${time.slice(0, 23)}Z`
  const parsed = Date.parse(milliseconds)
  return !Number.isNaN(parsed) && new Date(parsed).toISOString() === milliseconds
}

/** Opaque to the page: it only hands it back. */
export const encodeCursor = ({ receivedAt, id }: Cursor) => Buffer.from(`${receivedAt}|${id}`, 'utf8').toString('base64url')

export function decodeCursor(text: string): Cursor {
  const [receivedAt = '', id = '', ...rest] = Buffer.from(text, 'base64url').toString('utf8').split('|')
  if (rest.length > 0 || !isCursorTime(receivedAt) || !ID.test(id)) {
    const problem = 'malformed; use the nextCursor of the page before, unchanged'
    throw new ApiError(400, `cursor: ${problem}`, { details: [{ field: 'cursor', message: problem }] })
  }
  return { receivedAt, id }
}
