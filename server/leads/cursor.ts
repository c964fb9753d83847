import { isInboxDay } from '../../common/admin-api-schema.ts'
import type { LeadOrder } from '../../common/lead-list-api.ts'
import { LEAD_STATUSES, type LeadStatus } from '../../common/lead-status.ts'
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
export const encodeCursor = ({ receivedAt, id }: Cursor) =>
  Buffer.from(`${receivedAt}|${id}`, 'utf8').toString('base64url')

const refuse = (problem: string) =>
  new ApiError(400, `cursor: ${problem}`, { details: [{ field: 'cursor', message: problem }] })
const malformed = () => refuse('malformed; use the nextCursor of the page before, unchanged')

export function decodeCursor(text: string): Cursor {
  const [receivedAt = '', id = '', ...rest] = Buffer.from(text, 'base64url').toString('utf8').split('|')
  if (rest.length > 0 || !isCursorTime(receivedAt) || !ID.test(id)) throw malformed()
  return { receivedAt, id }
}

/**
 * Where a page ended in its sort: the last lead's sort key and id. A name is
 * the lower-cased name as the database compares it; a status sort also holds
 * the time, as leads of one status come newest first. `call` is the order of
 * the upcoming calls (leadOrderOf): the call's start.
 */
export type ListCursor =
  | ({ sort: 'received' } & Cursor)
  | { sort: 'name'; name: string; id: string }
  | ({ sort: 'status'; status: LeadStatus } & Cursor)
  | { sort: 'call'; startsAt: string; id: string }

const isStatus = (text: string): text is LeadStatus => LEAD_STATUSES.some((status) => status === text)
const pack = (...parts: string[]) => Buffer.from(parts.join('|'), 'utf8').toString('base64url')

/** A received-order cursor is the same as before sorts came, so the addresses already shared still work. */
export function encodeListCursor(cursor: ListCursor): string {
  if (cursor.sort === 'received') return encodeCursor(cursor)
  if (cursor.sort === 'name') return pack('name', Buffer.from(cursor.name, 'utf8').toString('base64url'), cursor.id)
  if (cursor.sort === 'call') return pack('call', cursor.startsAt, cursor.id)
  return pack('status', cursor.status, cursor.receivedAt, cursor.id)
}

/** Reads a cursor made for `sort`; 400 when it is malformed or was made for another order. */
export function decodeListCursor(text: string, sort: LeadOrder): ListCursor {
  const [kind = '', ...parts] = Buffer.from(text, 'base64url').toString('utf8').split('|')
  const made: LeadOrder = kind === 'name' || kind === 'status' || kind === 'call' ? kind : 'received'
  if (made !== sort) throw refuse(`made for another sort (${made}); start again from the first page`)
  if (sort === 'received') return { sort, ...decodeCursor(text) }
  if (sort === 'name') {
    const [name = '', id = '', ...rest] = parts
    const decoded = Buffer.from(name, 'base64url').toString('utf8')
    // PostgreSQL's text refuses NUL: no name the database gave holds one.
    if (rest.length > 0 || !/^[\w-]*$/.test(name) || decoded.includes('\u0000') || !ID.test(id)) throw malformed()
    return { sort, name: decoded, id }
  }
  if (sort === 'call') {
    const [startsAt = '', id = '', ...rest] = parts
    if (rest.length > 0 || !isCursorTime(startsAt) || !ID.test(id)) throw malformed()
    return { sort, startsAt, id }
  }
  const [status = '', receivedAt = '', id = '', ...rest] = parts
  if (rest.length > 0 || !isStatus(status) || !isCursorTime(receivedAt) || !ID.test(id)) throw malformed()
  return { sort, status, receivedAt, id }
}
