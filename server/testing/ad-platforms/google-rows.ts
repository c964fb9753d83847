import { isRecord, isSha256Hex, SKEW_S } from './stand-in-server.ts'

/** A GoogleAdsError's code and message, as a row of a partial failure carries it. */
export interface RowError {
  code: Record<string, string>
  message: string
  retryDelay?: string
}

/** A GoogleAdsError located at one row of the request. */
export const rowFailure = (field: string, index: number, error: RowError) => ({
  errorCode: error.code,
  message: error.message,
  location: { fieldPathElements: [{ fieldName: field, index }] },
  ...(error.retryDelay === undefined ? {} : { details: { quotaErrorDetails: { retryDelay: error.retryDelay } } }),
})

/** Unix seconds of a Google "yyyy-mm-dd hh:mm:ss+hh:mm", or undefined when it is not one. */
export function googleTime(value: unknown): number | undefined {
  const match = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})([+-]\d{2}:\d{2})$/.exec(String(value))
  if (!match) return undefined
  const time = Date.parse(`${match[1]}T${match[2]}${match[3]}`)
  return Number.isNaN(time) ? undefined : time / 1000
}

const invalid = (message: string): RowError => ({ code: { fieldError: 'INVALID_VALUE' }, message })

/** Why Google would refuse this ClickConversion before looking for its click, or undefined. */
export function googleConversionProblem(row: unknown, customerId: string, nowS: number): RowError | undefined {
  if (!isRecord(row)) return invalid('a conversion must be an object')
  if (!new RegExp(`^customers/${customerId}/conversionActions/\\d+$`).test(String(row.conversionAction)))
    return { code: { conversionUploadError: 'INVALID_CONVERSION_ACTION' }, message: 'conversionAction' }
  const time = googleTime(row.conversionDateTime)
  if (time === undefined) return invalid('conversionDateTime must be yyyy-mm-dd hh:mm:ss+hh:mm')
  if (time > nowS + SKEW_S) return invalid('conversionDateTime is in the future')
  const clickIds = ['gclid', 'gbraid', 'wbraid'].filter((key) => row[key] !== undefined)
  if (clickIds.length > 1)
    return {
      code: { conversionUploadError: 'GBRAID_WBRAID_BOTH_SET' },
      message: `more than one click id: ${clickIds.join(', ')}`,
    }
  for (const key of clickIds)
    if (typeof row[key] !== 'string' || !/^[\w-]{10,}$/.test(row[key]))
      return { code: { conversionUploadError: 'UNPARSEABLE_GCLID' }, message: `${key} is not a click id` }
  const identifiers = row.userIdentifiers
  if (clickIds.length === 0) {
    if (!Array.isArray(identifiers) || identifiers.length === 0 || identifiers.length > 5)
      return invalid('with no click id, 1 to 5 userIdentifiers are needed')
    for (const identifier of identifiers) {
      const hashes = isRecord(identifier) ? [identifier.hashedEmail, identifier.hashedPhoneNumber] : []
      const given = hashes.filter((hash) => hash !== undefined)
      if (given.length !== 1 || !given.every(isSha256Hex))
        return invalid('a userIdentifier is one hashedEmail or hashedPhoneNumber: SHA-256 hex')
    }
  }
  if (typeof row.orderId !== 'string' || row.orderId === '') return invalid('orderId is needed to adjust it later')
  if (row.conversionValue !== undefined) {
    if (typeof row.conversionValue !== 'number') return invalid('conversionValue must be a number')
    if (!/^[A-Z]{3}$/.test(String(row.currencyCode))) return invalid('currencyCode must be an ISO 4217 code')
  }
  const consent = isRecord(row.consent) ? row.consent.adUserData : undefined
  if (consent !== undefined && consent !== 'GRANTED' && consent !== 'DENIED') return invalid('consent.adUserData')
  return undefined
}
