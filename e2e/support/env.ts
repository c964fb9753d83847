/**
 * Settings shared by playwright.config.ts and the tests. The server under test
 * is started by Playwright with these values (see webServer in the config).
 */

/** Port of the server under test; E2E_PORT overrides it. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4173)

export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`

/**
 * The server's secret service-role key for this test run only. With it the
 * tests read back what the page stored, as an operator would.
 */
export const SERVICE_ROLE_KEY = 'e2e-service-role-key-not-a-real-secret-0123456789'

/**
 * The lead inbox's accounts for this run, made with the admin CLI before the
 * server starts (there is no default account). The second one turns on
 * two-factor sign-in, which would lock the first one's tests out of it.
 */
export const ADMIN_EMAIL = 'e2e@example.com'
export const ADMIN_TOTP_EMAIL = 'e2e-totp@example.com'
export const ADMIN_PASSWORD = 'e2e-admin-password-not-a-real-one'

/**
 * The server counts no funnel events from headless browsers, unless their
 * User-Agent holds the text it is given in ANALYTICS_ACCEPT_UA: the test
 * browser's does, so a run's events are stored like a visitor's.
 */
export const ANALYTICS_ACCEPT_UA = 'brand-landing-e2e'
export const E2E_USER_AGENT = `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36 ${ANALYTICS_ACCEPT_UA}`

/** The signing key of the stand-in Calendly subscription: the server takes its webhooks with it. */
export const CALENDLY_SIGNING_KEY = 'e2e-calendly-signing-key-not-a-real-one'

/** The wait before an applicant who has not booked is followed up: the shortest there is. */
export const FOLLOW_UP_AFTER_MINUTES = 1
