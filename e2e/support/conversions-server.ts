import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { startServer, stopServer } from '../../reliability/support/server-process.ts'
import { pgliteTarget } from '../../reliability/support/targets.ts'
import { startGoogleStandIn } from '../../server/testing/ad-platforms/google-stand-in.ts'
import { startMetaStandIn } from '../../server/testing/ad-platforms/meta-stand-in.ts'
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './env.ts'

const ADMIN_CLI = join(import.meta.dirname, '..', '..', 'dist', 'server', 'server', 'cli', 'admin.js')
const META = { pixelId: '323456789012345', accessToken: 'e2e-meta-token-not-a-real-one' }
const GOOGLE = {
  customerId: '1234567890',
  developerToken: 'e2e-developer-token',
  clientId: 'e2e.apps.googleusercontent.com',
  clientSecret: 'e2e-client-secret',
  refreshToken: '1//e2e-refresh-token',
}

export interface ConversionsServer {
  /** The server's origin: a free loopback port of its own, beside the run's server. */
  url: string
  /** Every event the Meta stand-in took, with the request's test_event_code. */
  metaEvents: () => readonly { event: Record<string, unknown>; testEventCode: unknown }[]
  stop(): Promise<void>
}

/**
 * A second built server (on PGlite, with the e2e account) whose Meta points at
 * a Meta stand-in on loopback that takes its events, and whose Google Ads
 * points at a stand-in that refuses its refresh token: Meta's conversions are
 * sent, Google's pause the platform. Consent is implied, so every lead has it.
 */
export async function startConversionsServer(): Promise<ConversionsServer> {
  const [meta, google] = await Promise.all([startMetaStandIn(META), startGoogleStandIn(GOOGLE)])
  const target = await pgliteTarget()
  try {
    // The embedded database has one opener: the account is made before the server opens it.
    const added = spawnSync(process.execPath, [ADMIN_CLI, 'add', ADMIN_EMAIL], {
      env: { PATH: process.env.PATH ?? '', ...target.env },
      input: ADMIN_PASSWORD,
      encoding: 'utf8',
    })
    if (added.status !== 0) throw new Error(`The account could not be added: ${added.stderr}`)
    const server = await startServer({
      ...target.env,
      CONVERSIONS_CONSENT: 'implied',
      META_PIXEL_ID: META.pixelId,
      META_ACCESS_TOKEN: META.accessToken,
      META_API_URL: meta.url,
      META_TEST_EVENT_CODE: 'TEST12345',
      GOOGLE_ADS_CUSTOMER_ID: GOOGLE.customerId,
      GOOGLE_ADS_DEVELOPER_TOKEN: GOOGLE.developerToken,
      GOOGLE_ADS_CLIENT_ID: GOOGLE.clientId,
      GOOGLE_ADS_CLIENT_SECRET: GOOGLE.clientSecret,
      GOOGLE_ADS_REFRESH_TOKEN: '1//e2e-refresh-token-revoked',
      GOOGLE_ADS_CONVERSION_ACTIONS: 'application=11,booked=12,showed=13,won=14',
      GOOGLE_ADS_API_URL: google.url,
      GOOGLE_OAUTH_TOKEN_URL: google.tokenUrl,
    })
    return {
      url: server.url,
      metaEvents: () => meta.events,
      async stop() {
        await stopServer(server)
        await Promise.all([target.dispose(), meta.close(), google.close()])
      },
    }
  } catch (error) {
    await Promise.all([target.dispose(), meta.close(), google.close()])
    throw error
  }
}
