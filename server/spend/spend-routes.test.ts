import { describe, expect, it } from 'vitest'
import { ADMIN_API_PATH, CSRF_HEADER } from '../../common/admin-api.ts'
import type { SpendEntry, SpendImportResult, SpendList } from '../../common/spend-api.ts'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { OWNER, useSignedInInbox, type SignedInInbox } from '../testing/signed-in-inbox.ts'

let inbox: SignedInInbox
const { call, get } = useSignedInInbox(
  (opened) => {
    inbox = opened
  },
  { CURRENCY: 'eur' },
)

const rowsOf = (source: string) =>
  inbox.temp.db.query<{ per: string; day: string; campaign: string; amount_minor: string; currency: string }>(
    `SELECT per, to_char(day, 'YYYY-MM-DD') AS day, campaign, amount_minor::text, currency FROM ad_spend
     WHERE source = $1 ORDER BY day, campaign`,
    [source],
  )
const audits = (action: string) =>
  inbox.temp.db.query<{ actor_email: string; detail: Record<string, unknown> }>(
    'SELECT actor_email, detail FROM admin_audit WHERE action = $1 ORDER BY id',
    [action],
  )
const importCsv = (csv: string) => call('POST', '/spend/import', { csv })

describe(`spend (ADR 045) on ${DATABASE_TARGET}`, () => {
  it('enters spend by hand, lower-cases the source, replaces the same key, lists it and audits it', async () => {
    const first = await call('POST', '/spend', { per: 'day', day: '2026-03-04', source: ' Hand-Ads ', amount: '1250' })
    expect(first.statusCode).toBe(201)
    expect(first.json<SpendEntry>()).toMatchObject({
      per: 'day',
      day: '2026-03-04',
      source: 'hand-ads',
      campaign: '',
      amount: '1250.00',
      currency: 'EUR',
    })
    const again = await call('POST', '/spend', { per: 'day', day: '2026-03-04', source: 'hand-ads', amount: '99.5' })
    expect(again.statusCode).toBe(201)
    expect(again.json<SpendEntry>().id).toBe(first.json<SpendEntry>().id)
    const month = await call('POST', '/spend', {
      per: 'month',
      day: '2026-02',
      source: 'hand-ads',
      campaign: 'Spring',
      amount: '300',
      currency: 'eur',
    })
    expect(month.json<SpendEntry>()).toMatchObject({ per: 'month', day: '2026-02-01', campaign: 'Spring' })
    expect(await rowsOf('hand-ads')).toEqual([
      { per: 'month', day: '2026-02-01', campaign: 'Spring', amount_minor: '30000', currency: 'EUR' },
      { per: 'day', day: '2026-03-04', campaign: '', amount_minor: '9950', currency: 'EUR' },
    ])
    const list = (await get('/spend?from=2026-02-15&to=2026-03-10')).json<SpendList>()
    expect(list.currency).toBe('EUR')
    expect(list.more).toBe(false)
    expect(list.entries.filter((entry) => entry.source === 'hand-ads').map((entry) => entry.day)).toEqual([
      '2026-03-04',
      '2026-02-01',
    ])
    const entered = (await audits('spend.enter')).filter((entry) => entry.detail.source === 'hand-ads')
    expect(entered.map((entry) => [entry.actor_email, entry.detail.amount, entry.detail.replaced])).toEqual([
      [OWNER, '1250.00', false],
      [OWNER, '99.50', true],
      [OWNER, '300.00', false],
    ])
  })

  it('refuses another currency naming both, an amount the currency cannot hold, and a bad day', async () => {
    const usd = await call('POST', '/spend', {
      per: 'day',
      day: '2026-03-04',
      source: 'wrong-cur',
      amount: '5',
      currency: 'USD',
    })
    expect(usd.statusCode).toBe(400)
    expect(usd.json<{ message: string }>().message).toMatch(/EUR.*USD/)
    for (const body of [
      { per: 'day', day: '2026-03-04', source: 'wrong-cur', amount: '5.123' },
      { per: 'day', day: '2026-02-30', source: 'wrong-cur', amount: '5' },
      { per: 'week', day: '2026-03-04', source: 'wrong-cur', amount: '5' },
      { per: 'day', day: '2026-03-04', source: ' ', amount: '5' },
      { per: 'day', day: '2026-03-04', source: 'wrong-cur', amount: '-5' },
    ])
      expect((await call('POST', '/spend', body)).statusCode, JSON.stringify(body)).toBe(400)
    expect(await rowsOf('wrong-cur')).toEqual([])
  })

  it('deletes an entry (204, then 404) and audits it', async () => {
    const entry = (
      await call('POST', '/spend', { per: 'day', day: '2026-01-02', source: 'to-delete', amount: '7' })
    ).json<SpendEntry>()
    expect((await call('DELETE', `/spend/${entry.id}`)).statusCode).toBe(204)
    expect((await call('DELETE', `/spend/${entry.id}`)).statusCode).toBe(404)
    expect((await call('DELETE', '/spend/not-an-id')).statusCode).toBe(404)
    expect(await rowsOf('to-delete')).toEqual([])
    expect((await audits('spend.delete')).some((row) => row.detail.id === entry.id)).toBe(true)
  })

  it('imports a CSV, and a re-import of the same rows replaces them rather than doubling', async () => {
    const csv = [
      'date,source,campaign,amount,currency',
      '2026-04-01,Csv-Ads,"Spring, wide",10.50,EUR',
      '2026-04-02,csv-ads,,20,',
      '2026-04,csv-ads,,600,eur',
      '',
    ].join('\r\n')
    expect((await importCsv(csv)).json<SpendImportResult>()).toEqual({ imported: 3, replaced: 0 })
    expect((await importCsv(csv)).json<SpendImportResult>()).toEqual({ imported: 0, replaced: 3 })
    expect(await rowsOf('csv-ads')).toEqual([
      { per: 'month', day: '2026-04-01', campaign: '', amount_minor: '60000', currency: 'EUR' },
      { per: 'day', day: '2026-04-01', campaign: 'Spring, wide', amount_minor: '1050', currency: 'EUR' },
      { per: 'day', day: '2026-04-02', campaign: '', amount_minor: '2000', currency: 'EUR' },
    ])
    expect((await audits('spend.import')).at(-1)).toEqual({ actor_email: OWNER, detail: { imported: 0, replaced: 3 } })
  })

  it('refuses a bad row naming its line, and imports nothing of the file', async () => {
    const head = 'date,source,campaign,amount,currency'
    const cases: [string[], RegExp][] = [
      [[head, '2026-05-01,bad-csv,,10,', '2026-05-02,bad-csv,,ten,'], /line 3\b.*amount/],
      [[head, '2026-05-01,bad-csv,,10,', '2026-05-02,bad-csv,,10,USD'], /line 3\b.*EUR.*USD/],
      [[head, '2026-05-01,bad-csv,,10,', '', '2026-13-01,bad-csv,,10,'], /line 4\b.*date/],
      [[head, '2026-05-01,bad-csv,,10,', '2026-05-01,bad-csv,,12,'], /line 3\b.*line 2/],
      [[head, '2026-05-01,bad-csv,10,EUR'], /line 2\b.*columns/],
      [['day,source,amount', '2026-05-01,bad-csv,10'], /line 1\b.*header/],
      [[head, '2026-05-01,bad-csv,"open,10,'], /line 2\b/],
    ]
    for (const [lines, message] of cases) {
      const answer = await importCsv(lines.join('\n'))
      expect(answer.statusCode, lines.join('|')).toBe(400)
      expect(answer.json<{ message: string }>().message).toMatch(message)
    }
    expect(await rowsOf('bad-csv')).toEqual([])
  })

  it('refuses a change without the CSRF token or a session, and a read without a session', async () => {
    const payload = { per: 'day', day: '2026-06-01', source: 'forged', amount: '1' }
    const url = `${ADMIN_API_PATH}/spend`
    const noToken = await inbox.app.inject({ method: 'POST', url, headers: { cookie: inbox.session.cookie }, payload })
    expect(noToken.statusCode).toBe(403)
    const noSession = await inbox.app.inject({
      method: 'POST',
      url: `${url}/import`,
      headers: { [CSRF_HEADER]: inbox.session.csrfToken },
      payload: { csv: 'date,source,campaign,amount,currency\n2026-06-01,forged,,1,' },
    })
    expect(noSession.statusCode).toBe(401)
    expect((await inbox.app.inject({ method: 'GET', url })).statusCode).toBe(401)
    expect(await rowsOf('forged')).toEqual([])
  })
})
