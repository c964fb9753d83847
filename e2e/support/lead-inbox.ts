import { randomBytes } from 'node:crypto'
import { freePort } from '../../server/testing/free-port.ts'

/**
 * Where the server under test announces each lead during a run: a webhook
 * receiver and an SMTP server on loopback (lead-inbox-server.ts), which
 * Playwright starts before the server (see webServer in the config). The
 * receiver also answers GET /received with everything it got, for the tests.
 */
export interface LeadInboxSettings {
  httpPort: number
  smtpPort: number
  webhookSecret: string
}

const SETTINGS_VARIABLE = 'E2E_LEAD_INBOX'

export const SMTP_USER = 'mailer'
// A space and an @ in the password: the SMTP_URL must carry it percent-encoded.
export const SMTP_PASSWORD = 'e2e p@ss'
export const LEAD_EMAIL_TO = 'sales@brandscale.example'
export const LEAD_EMAIL_FROM = 'leads@brandscale.example'

/**
 * Picks this run's ports and secret. The config is loaded again by each
 * worker; they inherit the runner's choice through the environment, so every
 * process reaches the same inbox.
 */
export async function chooseLeadInbox(): Promise<LeadInboxSettings> {
  if (process.env[SETTINGS_VARIABLE]) return leadInbox()
  const httpPort = await freePort()
  let smtpPort = await freePort()
  while (smtpPort === httpPort) smtpPort = await freePort()
  const settings: LeadInboxSettings = {
    httpPort,
    smtpPort,
    webhookSecret: `whsec_${randomBytes(32).toString('base64')}`,
  }
  process.env[SETTINGS_VARIABLE] = JSON.stringify(settings)
  return settings
}

/** The settings the runner chose, as its workers and the inbox itself read them. */
export function leadInbox(): LeadInboxSettings {
  const value = process.env[SETTINGS_VARIABLE]
  if (!value) throw new Error(`${SETTINGS_VARIABLE} is unset: run the tests with Playwright, whose config sets it`)
  return JSON.parse(value) as LeadInboxSettings
}

export const inboxUrl = ({ httpPort }: LeadInboxSettings, path: string) => `http://127.0.0.1:${httpPort}${path}`

/** The server's notification variables, pointed at the inbox. */
export function notificationEnv(settings: LeadInboxSettings): Record<string, string> {
  return {
    LEAD_WEBHOOK_URL: inboxUrl(settings, '/leads'),
    LEAD_WEBHOOK_SECRET: settings.webhookSecret,
    // The inbox is on loopback, which the server refuses otherwise.
    WEBHOOK_ALLOW_PRIVATE: 'true',
    SMTP_URL: `smtp://${SMTP_USER}:${encodeURIComponent(SMTP_PASSWORD)}@127.0.0.1:${settings.smtpPort}`,
    LEAD_EMAIL_TO,
    LEAD_EMAIL_FROM,
  }
}

export interface ReceivedWebhook {
  headers: Record<string, string>
  body: string
  /** Whether the receiver's standardwebhooks check passed (it answered 400 otherwise). */
  verified: boolean
}

export interface ReceivedEmail {
  from: string
  to: string[]
  raw: string
}

export interface ReceivedLeads {
  webhooks: ReceivedWebhook[]
  emails: ReceivedEmail[]
}

/** Everything the inbox has received so far in this run, from every test. */
export async function receivedLeads(): Promise<ReceivedLeads> {
  const response = await fetch(inboxUrl(leadInbox(), '/received'))
  if (!response.ok) throw new Error(`the lead inbox answered ${response.status}`)
  return (await response.json()) as ReceivedLeads
}
