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
