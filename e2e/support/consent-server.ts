import pg from 'pg'
import { startServer, stopServer } from '../../reliability/support/server-process.ts'
import { postgresTarget } from '../../reliability/support/targets.ts'
import { ANALYTICS_ACCEPT_UA } from './env.ts'

/** What lead_ad_consents holds for one lead, found by its email. */
export interface StoredConsent {
  words: string
  client_ip: string | null
  user_agent: string | null
  landing_url: string | null
}

export interface ConsentServer {
  /** The server's origin: a free loopback port of its own, beside the run's server. */
  url: string
  /** The consent stored with the lead of this email, if any. */
  consentOf(email: string): Promise<StoredConsent | undefined>
  /** Whether an application of this email is stored. */
  applied(email: string): Promise<boolean>
  stop(): Promise<void>
}

/**
 * A second built server, with two ad platforms on (Meta and TikTok: a complete
 * pair each) and a throwaway PostgreSQL the test reads the consent from. The
 * run's own server (playwright.config.ts) has none on. The platforms' API
 * bases point at a closed loopback port: nothing leaves the machine.
 */
export async function startConsentServer(): Promise<ConsentServer> {
  const target = await postgresTarget()
  try {
    const server = await startServer({
      ...target.env,
      ANALYTICS_ACCEPT_UA,
      EVENTS_RATE_LIMIT: '0',
      META_PIXEL_ID: '1234567890',
      META_ACCESS_TOKEN: 'e2e-meta-token-not-a-real-one',
      META_API_URL: 'http://127.0.0.1:9/v21.0',
      TIKTOK_PIXEL_CODE: 'E2ETIKTOKPIXEL',
      TIKTOK_ACCESS_TOKEN: 'e2e-tiktok-token-not-a-real-one',
      TIKTOK_API_URL: 'http://127.0.0.1:9/open_api/v1.3',
    })
    const client = new pg.Client({ connectionString: target.env.DATABASE_URL })
    await client.connect()
    return {
      url: server.url,
      async consentOf(email) {
        const { rows } = await client.query<StoredConsent>(
          `SELECT c.words, c.client_ip, c.user_agent, c.landing_url
           FROM lead_ad_consents c JOIN contact_submissions s ON s.id = c.application_id WHERE s.email = $1`,
          [email],
        )
        return rows[0]
      },
      async applied(email) {
        const { rows } = await client.query('SELECT 1 FROM contact_submissions WHERE email = $1', [email])
        return rows.length === 1
      },
      async stop() {
        await client.end()
        await stopServer(server)
        await target.dispose()
      },
    }
  } catch (error) {
    await target.dispose()
    throw error
  }
}
