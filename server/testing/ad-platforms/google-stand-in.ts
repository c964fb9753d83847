// A stand-in for the Google Ads API's conversion uploads and Google's OAuth token endpoint, written
// from Google's documentation, not from our sender:
// - https://developers.google.com/google-ads/api/rest/auth and https://developers.google.com/identity/protocols/oauth2/web-server#offline
//   (grant_type=refresh_token → {access_token, expires_in}; Authorization: Bearer, developer-token,
//   login-customer-id headers)
// - https://developers.google.com/google-ads/api/reference/rpc/latest/UploadClickConversionsRequest,
//   …/ClickConversion, …/UploadConversionAdjustmentsRequest, …/ConversionAdjustment
//   (partial_failure required true; at most 2,000 conversions; conversion_date_time
//   "yyyy-mm-dd hh:mm:ss+|-hh:mm"; one of gclid, gbraid, wbraid, or user_identifiers with hashed
//   email / phone; order_id; validate_only)
// - https://developers.google.com/google-ads/api/docs/best-practices/partial-failures
//   (partialFailureError: a GoogleAdsFailure whose errors name the row by fieldPathElements index)
// - …/ConversionUploadErrorEnum.ConversionUploadError, …/ConversionAdjustmentUploadErrorEnum…,
//   …/QuotaErrorDetails (RESOURCE_TEMPORARILY_EXHAUSTED with retryDelay).
import { googleConversionProblem, googleTime, rowFailure, type RowError } from './google-rows.ts'
import { isRecord, SKEW_S, startStandIn, ToldAnswers, type Reply } from './stand-in-server.ts'

export type GoogleTold = 'rate-limit' | 'transient' | 'unauthenticated' | 'permission-denied' | 'stall'

const failure = (status: number, code: string, errors: object[]): Reply => ({
  status,
  headers: { 'request-id': `req-${Date.now()}` },
  body: {
    error: {
      code: status,
      message: code,
      status: code,
      details: [
        { '@type': 'type.googleapis.com/google.ads.googleads.v26.errors.GoogleAdsFailure', errors, requestId: 'req' },
      ],
    },
  },
})

const TOLD: Record<Exclude<GoogleTold, 'stall'>, Reply> = {
  'rate-limit': failure(429, 'RESOURCE_EXHAUSTED', [
    {
      errorCode: { quotaError: 'RESOURCE_TEMPORARILY_EXHAUSTED' },
      message: 'Too many requests. Retry in 30 seconds.',
      details: { quotaErrorDetails: { rateScope: 'ACCOUNT', rateName: 'Requests per account', retryDelay: '30s' } },
    },
  ]),
  transient: failure(503, 'UNAVAILABLE', [{ errorCode: { internalError: 'TRANSIENT_ERROR' }, message: 'Try again' }]),
  unauthenticated: failure(401, 'UNAUTHENTICATED', [
    { errorCode: { authenticationError: 'OAUTH_TOKEN_INVALID' }, message: 'Invalid OAuth token' },
  ]),
  'permission-denied': failure(403, 'PERMISSION_DENIED', [
    { errorCode: { authorizationError: 'DEVELOPER_TOKEN_NOT_APPROVED' }, message: 'Developer token not approved' },
  ]),
}

export interface GoogleStandInOptions {
  customerId: string
  developerToken: string
  clientId: string
  clientSecret: string
  refreshToken: string
  loginCustomerId?: string | undefined
  /** Seconds an access token lives (Google: 3599). */
  tokenLifetimeS?: number
}

/** The Google Ads API (`url`, GOOGLE_ADS_API_URL) and its token endpoint (`tokenUrl`) on loopback. */
export async function startGoogleStandIn(options: GoogleStandInOptions) {
  const told = new ToldAnswers<GoogleTold>()
  const tokens = new Map<string, number>()
  /** Conversions recorded, by order id; adjustments recorded. */
  const conversions = new Map<string, Record<string, unknown>>()
  const adjustments: Record<string, unknown>[] = []
  /** What a row with this order id is answered, instead of being recorded (a platform's verdict). */
  const rowErrors = new Map<string, RowError>()
  const refusals: string[] = []
  let tokenRefusal = false

  function token(body: unknown): Reply {
    const form = isRecord(body) ? body : {}
    const good =
      form.grant_type === 'refresh_token' &&
      form.client_id === options.clientId &&
      form.client_secret === options.clientSecret &&
      form.refresh_token === options.refreshToken
    if (!good || tokenRefusal)
      return { status: 400, body: { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' } }
    const accessToken = `ya29.stand-in-${tokens.size + 1}`
    const lifetime = options.tokenLifetimeS ?? 3599
    tokens.set(accessToken, Date.now() + lifetime * 1000)
    return { status: 200, body: { access_token: accessToken, expires_in: lifetime, token_type: 'Bearer' } }
  }

  function upload(method: string, body: unknown): Reply {
    if (!isRecord(body) || body.partialFailure !== true)
      return failure(400, 'INVALID_ARGUMENT', [{ errorCode: { partialFailureError: 'PARTIAL_FAILURE_MODE_REQUIRED' } }])
    const rows = method === 'uploadClickConversions' ? body.conversions : body.conversionAdjustments
    if (!Array.isArray(rows) || rows.length === 0 || rows.length > 2000)
      return failure(400, 'INVALID_ARGUMENT', [
        { errorCode: { conversionUploadError: 'TOO_MANY_CONVERSIONS_IN_REQUEST' } },
      ])
    const nowS = Math.floor(Date.now() / 1000)
    const errors: object[] = []
    const field = method === 'uploadClickConversions' ? 'conversions' : 'conversion_adjustments'
    rows.forEach((row: unknown, index) => {
      const verdict = method === 'uploadClickConversions' ? conversionVerdict(row, nowS) : adjustmentVerdict(row, nowS)
      if (verdict !== undefined) return void errors.push(rowFailure(field, index, verdict))
      if (body.validateOnly === true || !isRecord(row)) return
      if (method === 'uploadClickConversions') conversions.set(String(row.orderId), row)
      else adjustments.push(row)
    })
    return {
      status: 200,
      headers: { 'request-id': `req-${Date.now()}` },
      body: {
        ...(errors.length === 0
          ? {}
          : {
              partialFailureError: {
                code: 3,
                message: `${errors.length} errors`,
                details: [{ '@type': 'type.googleapis.com/google.ads.googleads.v26.errors.GoogleAdsFailure', errors }],
              },
            }),
        results: rows.map(() => ({})),
      },
    }
  }

  function conversionVerdict(row: unknown, nowS: number): RowError | undefined {
    const problem = googleConversionProblem(row, options.customerId, nowS)
    if (problem !== undefined) return (refusals.push(problem.message), problem)
    const orderId = String((row as Record<string, unknown>).orderId)
    const told = rowErrors.get(orderId)
    if (told !== undefined) return told
    if (conversions.has(orderId))
      return { code: { conversionUploadError: 'CLICK_CONVERSION_ALREADY_EXISTS' }, message: 'Already exists' }
    return undefined
  }

  function adjustmentVerdict(row: unknown, nowS: number): RowError | undefined {
    if (!isRecord(row)) return { code: { fieldError: 'REQUIRED' }, message: 'an adjustment must be an object' }
    const orderId = String(row.orderId)
    const told = rowErrors.get(orderId)
    if (told !== undefined) return told
    const original = conversions.get(orderId)
    if (original === undefined || original.conversionAction !== row.conversionAction)
      return { code: { conversionAdjustmentUploadError: 'CONVERSION_NOT_FOUND' }, message: 'No such conversion' }
    const at = googleTime(row.adjustmentDateTime)
    if (at === undefined || at > nowS + SKEW_S)
      return (
        refusals.push('adjustmentDateTime'),
        { code: { fieldError: 'INVALID_VALUE' }, message: 'adjustmentDateTime' }
      )
    if (at < (googleTime(original.conversionDateTime) ?? 0))
      return { code: { conversionAdjustmentUploadError: 'ADJUSTMENT_PRECEDES_CONVERSION' }, message: 'Too early' }
    if (row.adjustmentType === 'RESTATEMENT') {
      const value = isRecord(row.restatementValue) ? row.restatementValue : {}
      if (typeof value.adjustedValue !== 'number' || !/^[A-Z]{3}$/.test(String(value.currencyCode)))
        return (refusals.push('restatementValue'), { code: { fieldError: 'REQUIRED' }, message: 'restatementValue' })
    } else if (row.adjustmentType !== 'RETRACTION')
      return (refusals.push('adjustmentType'), { code: { fieldError: 'INVALID_VALUE' }, message: 'adjustmentType' })
    return undefined
  }

  // Upload requests held unanswered until this many have arrived (or 1.2 s, less than a sender's timeout, passed).
  let together: { count: number; held: (() => void)[] } | undefined
  const holdTogether = async () => {
    if (together === undefined) return
    const group = together
    const arrived = new Promise<void>((resolve) => group.held.push(resolve))
    if (group.held.length >= group.count) {
      together = undefined
      for (const release of group.held) release()
    }
    await Promise.race([arrived, new Promise((resolve) => setTimeout(resolve, 1200))])
  }

  const standIn = await startStandIn(async (request) => {
    if (request.method === 'POST' && request.path === '/token') return token(request.body)
    const path = /^\/v\d+\/customers\/(\d+):(uploadClickConversions|uploadConversionAdjustments)$/.exec(request.path)
    if (request.method !== 'POST' || !path) return (refusals.push(request.path), { status: 404 })
    await holdTogether()
    const kind = told.next()
    if (kind === 'stall') return 'stall'
    if (kind !== undefined) return TOLD[kind]
    const bearer = /^Bearer (\S+)$/.exec(String(request.headers.authorization ?? ''))?.[1]
    const expiresAt = bearer === undefined ? undefined : tokens.get(bearer)
    if (expiresAt === undefined || expiresAt <= Date.now()) return (refusals.push('access token'), TOLD.unauthenticated)
    if (request.headers['developer-token'] !== options.developerToken)
      return (refusals.push('developer-token'), TOLD['permission-denied'])
    if (request.headers['login-customer-id'] !== options.loginCustomerId)
      return (refusals.push('login-customer-id'), TOLD['permission-denied'])
    if (path[1] !== options.customerId) return (refusals.push('customer id'), TOLD['permission-denied'])
    return upload(path[2] ?? '', request.body)
  })
  return {
    ...standIn,
    url: `${standIn.origin}/v26`,
    tokenUrl: `${standIn.origin}/token`,
    conversions,
    adjustments,
    refusals,
    answer: told.answer.bind(told),
    /** The next `count` upload requests are answered only once all have arrived: servers sending at once. */
    holdTogether: (count: number) => (together = { count, held: [] }),
    /** The row with this order id is answered with this error (ConversionUploadError and the like). */
    rowError: (orderId: string, error: RowError) => rowErrors.set(orderId, error),
    /** The token endpoint refuses the refresh token from now on (invalid_grant). */
    refuseRefreshToken: () => (tokenRefusal = true),
    /** How many access tokens were issued. */
    tokensIssued: () => tokens.size,
  }
}
