import { parse } from 'csv-parse/sync'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ADMIN_API_PATH } from '../../common/admin-api.ts'
import { applicationForm } from '../../common/application-form.ts'
import { closeAdminApp, openAdminApp, signIn, type AdminApp, type SignedIn } from '../testing/admin-session.ts'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { countTurns, workPerTurn } from '../testing/event-loop-turns.ts'
import { seedLeads } from '../testing/seed-leads.ts'

const PASSWORD = 'correct horse battery'
const OWNER = 'owner@example.com'

let admin: AdminApp
let session: SignedIn
beforeAll(async () => {
  admin = await openAdminApp([OWNER], PASSWORD)
  session = await signIn(admin.app, OWNER, PASSWORD)
})
afterAll(() => closeAdminApp(admin))
beforeEach(async () => {
  await admin.temp.db.exec('DELETE FROM contact_submissions')
})

/** Every answer as long as the form allows: an `a`, spaces, an `a`. */
const LONGEST_ANSWERS = applicationForm
  .map((field) => `${field.key} = 'a' || repeat(' ', ${field.maxLength - 2}) || 'a'`)
  .join(', ')

interface StreamedExport {
  body: string
  /** The most CSV records (CRLF-ended lines) and characters the server wrote within one turn of its event loop. */
  mostRecordsPerTurn: number
  mostCharactersPerTurn: number
}

/**
 * The inbox's CSV export, read as it streams, counting the event loop's turns
 * in between: while the server writes rows without letting the loop turn, it
 * answers no other request (/healthz included).
 */
async function streamExport(): Promise<StreamedExport> {
  const counter = countTurns()
  try {
    const response = await admin.app.inject({
      url: `${ADMIN_API_PATH}/leads/export?format=csv`,
      headers: { cookie: session.cookie },
      payloadAsStream: true,
    })
    expect(response.statusCode).toBe(200)
    const records = workPerTurn(counter)
    const characters = workPerTurn(counter)
    let body = ''
    for await (const chunk of response.stream()) {
      const text = String(chunk)
      body += text
      records.add(text.split('\r\n').length - 1)
      characters.add(text.length)
    }
    return { body, mostRecordsPerTurn: records.most, mostCharactersPerTurn: characters.most }
  } finally {
    counter.stop()
  }
}

describe(`the inbox's export on ${DATABASE_TARGET}`, () => {
  it('lets the event loop turn every hundred rows or so, not once a page of five hundred', async () => {
    await seedLeads(admin.temp.db, 1_200, { spamPercent: 0 })
    const exported = await streamExport()
    // Every lead, once: the chunks add up to the whole export.
    const rows = parse(exported.body, { columns: true }) as Record<string, string>[]
    expect(rows).toHaveLength(1_200)
    expect(new Set(rows.map((row) => row.id)).size).toBe(1_200)
    // At most the header and a hundred rows between two turns, not a page of 500.
    expect(exported.mostRecordsPerTurn).toBeLessThanOrEqual(101)
  })

  it('lets the event loop turn within a page of the longest answers, and still writes them whole', async () => {
    await seedLeads(admin.temp.db, 60, { spamPercent: 0 })
    await admin.temp.db.exec(`UPDATE contact_submissions SET ${LONGEST_ANSWERS}`)
    const exported = await streamExport()
    const rows = parse(exported.body, { columns: true }) as Record<string, string>[]
    expect(rows).toHaveLength(60)
    for (const row of rows) {
      for (const field of applicationForm) expect(row[field.key]).toBe(`a${' '.repeat(field.maxLength - 2)}a`)
    }
    // A row is about 9,000 characters: a few of them, then a turn; not the
    // whole page of about 540,000 at once.
    expect(exported.mostCharactersPerTurn).toBeLessThan(100_000)
  })
})
