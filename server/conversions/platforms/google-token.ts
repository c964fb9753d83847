import type { GoogleAdsConfig } from '../../config/conversions-vars.ts'
import { field, postForm, stringField, type SenderOptions } from './platform-http.ts'
import type { ConversionResult } from './types.ts'

// Refreshed this long before Google says it expires, so no request leaves with a token about to lapse.
const EARLY_MS = 60_000

export type TokenOutcome = { token: string } | { refused: ConversionResult }

/**
 * Google's OAuth access token, traded for the refresh token and kept until a
 * minute before it expires. One refresh at a time: callers arriving while one
 * is under way wait for it rather than asking again.
 */
export class GoogleAccessTokens {
  #cached: { token: string; expiresAt: number } | undefined
  #pending: Promise<TokenOutcome> | undefined
  readonly #config: GoogleAdsConfig
  readonly #options: SenderOptions

  constructor(config: GoogleAdsConfig, options: SenderOptions) {
    this.#config = config
    this.#options = options
  }

  get(): Promise<TokenOutcome> {
    const cached = this.#cached
    if (cached !== undefined && this.#options.now().getTime() < cached.expiresAt - EARLY_MS)
      return Promise.resolve({ token: cached.token })
    this.#pending ??= this.#refresh().finally(() => (this.#pending = undefined))
    return this.#pending
  }

  /** Drops the cached token: Google refused it, so the next call asks for a new one. */
  forget(token: string) {
    if (this.#cached?.token === token) this.#cached = undefined
  }

  async #refresh(): Promise<TokenOutcome> {
    const exchange = await postForm(
      this.#config.oauthTokenUrl,
      {
        grant_type: 'refresh_token',
        client_id: this.#config.clientId,
        client_secret: this.#config.clientSecret,
        refresh_token: this.#config.refreshToken,
      },
      this.#options.timeoutMs,
    )
    if ('unanswered' in exchange)
      return { refused: { status: 'retry', reason: `Google's token endpoint: ${exchange.unanswered}` } }
    const { status, body } = exchange.answer
    const token = stringField(body, 'access_token')
    const lifetime = Number(field(body, 'expires_in'))
    if (status === 200 && token !== undefined && Number.isFinite(lifetime) && lifetime > 0) {
      this.#cached = { token, expiresAt: this.#options.now().getTime() + lifetime * 1000 }
      return { token }
    }
    const reason = `Google's token endpoint answered ${status}${describe(body)}`
    // invalid_grant, invalid_client: the refresh token or the client is refused until someone fixes them.
    if (status === 400 || status === 401 || status === 403) return { refused: { status: 'paused', reason } }
    return { refused: { status: 'retry', reason } }
  }
}

function describe(body: unknown) {
  const error = stringField(body, 'error')
  const description = stringField(body, 'error_description')
  return error === undefined ? '' : `: ${error}${description === undefined ? '' : ` (${description})`}`
}
