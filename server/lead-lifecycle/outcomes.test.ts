import { describe, expect, it } from 'vitest'
import { ADMIN_API_PATH } from '../../common/admin-api.ts'
import type { LeadOutcome, OutcomeSettings } from '../../common/lead-outcome-api.ts'
import type { LeadDetail } from '../../common/lead-page-api.ts'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { insertApplication } from '../testing/insert-application.ts'
import { OWNER, useSignedInInbox, type SignedInInbox } from '../testing/signed-in-inbox.ts'
import { csvCells } from '../testing/spreadsheet-cells.ts'

let inbox: SignedInInbox
const { call, get } = useSignedInInbox(
  (opened) => {
    inbox = opened
  },
  { CURRENCY: 'eur', LOST_REASONS: 'Price, Timing, Went quiet' },
)

const newLead = () =>
  insertApplication(inbox.temp.db, { answers: { email: `outcome-${Math.random().toString(36).slice(2)}@example.com` } })
const enter = (id: number, body: object) => call('POST', `/leads/${id}/outcome`, body)
const detail = async (id: number) => (await get(`/leads/${id}`)).json<LeadDetail>()

describe(`outcomes (ADR 040) on ${DATABASE_TARGET}`, () => {
  it('offers the configured currency and lost reasons', async () => {
    expect((await get('/outcome-settings')).json<OutcomeSettings>()).toEqual({
      currency: 'EUR',
      lostReasons: ['Price', 'Timing', 'Went quiet'],
    })
  })

  it('records a won deal exactly, in the default currency, with who entered it, in history, timeline and audit', async () => {
    const id = await newLead()
    const answer = await enter(id, { outcome: 'won', amount: '12500.5' })
    expect(answer.statusCode).toBe(201)
    expect(answer.json<LeadOutcome>()).toMatchObject({
      outcome: 'won',
      amount: '12500.50',
      currency: 'EUR',
      author: OWNER,
    })
    const [stored] = await inbox.temp.db.query<{ amount_minor: string }>(
      'SELECT amount_minor::text FROM lead_outcomes WHERE application_id = $1',
      [id],
    )
    expect(stored?.amount_minor).toBe('1250050')
    const lead = await detail(id)
    expect(lead.status).toBe('won')
    expect(lead.history.at(-1)).toMatchObject({ to: 'won', reason: '12500.50 EUR', author: OWNER })
    expect(lead.outcomes).toHaveLength(1)
    const audit = await inbox.temp.db.query<{ actor_email: string; detail: Record<string, unknown> }>(
      `SELECT actor_email, detail FROM admin_audit WHERE lead_id = $1 AND action = 'lead.outcome'`,
      [id],
    )
    expect(audit).toEqual([{ actor_email: OWNER, detail: { outcome: 'won', amount: '12500.50', currency: 'EUR' } }])
  })

  it('takes a currency of another number of decimals, and refuses an amount it cannot hold', async () => {
    const id = await newLead()
    expect((await enter(id, { outcome: 'won', amount: '980000', currency: 'jpy' })).json<LeadOutcome>()).toMatchObject({
      amount: '980000',
      currency: 'JPY',
    })
    const refused = await enter(id, { outcome: 'won', amount: '12.5', currency: 'JPY' })
    expect(refused.statusCode).toBe(400)
    expect(refused.body).toContain('amount')
    for (const amount of ['-5', '1e6', '12,500', '0.1234', '']) {
      expect((await enter(id, { outcome: 'won', amount })).statusCode, amount).toBe(400)
    }
    expect((await enter(id, { outcome: 'won' })).statusCode).toBe(400)
    expect((await enter(id, { outcome: 'won', amount: '10', currency: 'XYZ' })).statusCode).toBe(400)
    expect((await detail(id)).outcomes).toHaveLength(1)
  })

  it('records a lost deal with a reason from LOST_REASONS and optional words; refuses another reason', async () => {
    const id = await newLead()
    expect((await enter(id, { outcome: 'lost', lostReason: 'Chose another agency' })).statusCode).toBe(400)
    expect((await enter(id, { outcome: 'lost' })).statusCode).toBe(400)
    expect((await enter(id, { outcome: 'lost', lostReason: 'Price', note: 'a\u0000b' })).statusCode).toBe(400)
    const answer = await enter(id, { outcome: 'lost', lostReason: 'Price', note: 'Wanted half the retainer' })
    expect(answer.json<LeadOutcome>()).toMatchObject({
      outcome: 'lost',
      lostReason: 'Price',
      note: 'Wanted half the retainer',
      amount: null,
    })
    const lead = await detail(id)
    expect([lead.status, lead.statusReason]).toEqual(['lost', 'Price'])
  })

  it('is corrected by entering another: the latest is the outcome, every entry stays in the timeline', async () => {
    const id = await newLead()
    await enter(id, { outcome: 'showed' })
    await enter(id, { outcome: 'lost', lostReason: 'Timing' })
    await enter(id, { outcome: 'won', amount: '3000' })
    const lead = await detail(id)
    expect(lead.status).toBe('won')
    expect(lead.outcomes.map((outcome) => outcome.outcome)).toEqual(['showed', 'lost', 'won'])
    expect(lead.history.map((change) => change.to)).toEqual(['showed', 'lost', 'won'])
  })

  it('answers 404 for an unknown lead, 400 for an unknown outcome, and refuses a change without the CSRF token', async () => {
    expect((await enter(Number.MAX_SAFE_INTEGER, { outcome: 'showed' })).statusCode).toBe(404)
    const id = await newLead()
    expect((await enter(id, { outcome: 'maybe' })).statusCode).toBe(400)
    expect((await enter(id, { outcome: 'showed', amount: '5' })).statusCode).toBe(400)
    const forged = await inbox.app.inject({
      method: 'POST',
      url: `${ADMIN_API_PATH}/leads/${id}/outcome`,
      headers: { cookie: inbox.session.cookie },
      payload: { outcome: 'won', amount: '1' },
    })
    expect(forged.statusCode).toBe(403)
    expect((await detail(id)).outcomes).toEqual([])
  })

  it('adds the latest outcome, amount, currency and lost reason to the CSV export', async () => {
    const won = await newLead()
    const lost = await newLead()
    await enter(won, { outcome: 'lost', lostReason: 'Timing' })
    await enter(won, { outcome: 'won', amount: '42.10' })
    await enter(lost, { outcome: 'lost', lostReason: 'Went quiet' })
    const [columns = [], ...cells] = csvCells((await get(`/leads/export?format=csv&mode=crm&ids=${won},${lost}`)).body)
    const at = (name: string) => columns.indexOf(name)
    const byId = new Map(cells.map((row) => [Number(row[at('id')]), row]))
    const pick = (id: number) =>
      ['outcome', 'amount', 'currency', 'lost_reason'].map((name) => byId.get(id)?.[at(name)])
    expect(pick(won)).toEqual(['won', '42.10', 'EUR', ''])
    expect(pick(lost)).toEqual(['lost', '', '', 'Went quiet'])
  })
})
