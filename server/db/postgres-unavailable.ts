// Which failures of PostgreSQL mean "not now" rather than "no": the ones worth retrying.
import { DatabaseUnavailableError, isPostgresError, isUnavailableSqlState } from './database.ts'

// Node's codes for a network that failed under a connection.
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
])

// node-postgres and its pool report these without a code.
const CLIENT_MESSAGES =
  /^(?:Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Client was closed|Cannot use a pool after calling end)/

/**
 * Whether `error` means the database cannot serve now, rather than refusing a
 * statement: an unavailable SQLSTATE (isUnavailableSqlState), a network
 * failure, or a pool or client timeout. These are worth retrying later; the
 * others are not. A connection that reported one is not trusted again: it is
 * thrown away rather than returned to the pool.
 */
export function isUnavailable(error: unknown): boolean {
  if (error instanceof DatabaseUnavailableError) return true
  if (!(error instanceof Error)) return false
  const code: unknown = (error as { code?: unknown }).code
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || (isPostgresError(error) && isUnavailableSqlState(code))))
    return true
  if (CLIENT_MESSAGES.test(error.message)) return true
  // Node wraps several connection attempts (IPv4 and IPv6) in one AggregateError.
  if (error instanceof AggregateError) return error.errors.some(isUnavailable)
  return error.cause !== undefined && error.cause !== error && isUnavailable(error.cause)
}

export function toUnavailable(error: unknown): unknown {
  if (error instanceof DatabaseUnavailableError || !isUnavailable(error)) return error
  const reason =
    error instanceof Error ? `${(error as { code?: string }).code ?? ''} ${error.message}`.trim() : String(error)
  return new DatabaseUnavailableError(`PostgreSQL is unreachable: ${reason}`, { cause: error })
}
