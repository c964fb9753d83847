import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import type { LeadPage } from '../../common/lead-list-api.ts'
import type { LeadDetail } from '../../common/lead-page-api.ts'
import { validAnswers } from '../../common/testing/valid-answers.ts'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { insertLead } from '../testing/seed-leads.ts'
import { useSignedInInbox } from '../testing/signed-in-inbox.ts'
import type { TempDatabase } from '../testing/temp-database.ts'

let temp: TempDatabase
const { get } = useSignedInInbox((inbox) => {
  ;({ temp } = inbox)
})

const DAY = 24 * 60 * 60 * 1000

/** Answers of this test's own: a made-up email and phone no other test uses. */
function own() {
  const tag = randomUUID().slice(0, 8)
  return validAnswers({}, { tag })
}

const lead = (answers: Record<string, string>, daysAgo = 0, spam = false) =>
  insertLead(temp.db, { answers, spam, receivedAt: new Date(Date.now() - daysAgo * DAY) })

const detailOf = async (id: number) => (await get(`/leads/${id}`)).json<LeadDetail>()
/** The list's rows of these leads, found by a search for the name every one of them shares. */
async function listed(name: string) {
  const page = (await get(`/leads?q=${encodeURIComponent(name)}`)).json<LeadPage>()
  return new Map(page.leads.map((row) => [row.id, row.appliedAgain]))
}

describe(`duplicates on ${DATABASE_TARGET}`, () => {
  it('marks both leads of one email, whatever its case, and each page names the other', async () => {
    const answers = own()
    const first = await lead(answers, 10)
    const second = await lead({ ...answers, email: answers.email.toUpperCase(), phone: '+1 202 555 0100 x' + first })
    const rows = await listed(answers.name)
    expect(rows.get(first)).toBe(true)
    expect(rows.get(second)).toBe(true)

    const [older, newer] = [await detailOf(first), await detailOf(second)]
    expect(older.appliedAgain).toBe(true)
    expect(older.duplicates).toEqual([expect.objectContaining({ id: second, sameEmail: true, samePhone: false })])
    expect(newer.duplicates).toEqual([
      expect.objectContaining({ id: first, name: answers.name, status: 'new', sameEmail: true, samePhone: false }),
    ])
  })

  it('marks both leads of one phone however it was typed, and not a lead alone', async () => {
    const answers = own()
    const digits = String(Date.now()).slice(-9)
    const first = await lead({ ...answers, phone: `+44 ${digits}` }, 30)
    const second = await lead({ ...own(), name: answers.name, phone: `(44) ${digits.slice(0, 3)}-${digits.slice(3)}` })
    const alone = await lead({ ...own(), name: answers.name })
    const rows = await listed(answers.name)
    expect([rows.get(first), rows.get(second), rows.get(alone)]).toEqual([true, true, false])
    expect((await detailOf(second)).duplicates).toEqual([
      expect.objectContaining({ id: first, sameEmail: false, samePhone: true }),
    ])
    expect((await detailOf(alone)).duplicates).toEqual([])
  })

  it('does not match a short phone, spam, or a lead more than 90 days apart', async () => {
    const answers = own()
    const shortPhone = own()
    await lead({ ...shortPhone, name: answers.name, phone: 'n/a 12' })
    const otherShort = await lead({ ...own(), name: answers.name, phone: 'n/a 12' })
    await lead({ ...answers, phone: '+1 303 555 0199' }, 95)
    await lead(answers, 0, true)
    const newest = await lead(answers)
    const rows = await listed(answers.name)
    expect(rows.get(otherShort)).toBe(false)
    expect(rows.get(newest)).toBe(false)
    expect((await detailOf(newest)).duplicates).toEqual([])
  })

  it('marks a lead applied again within 90 days, before or after it', async () => {
    const answers = own()
    const middle = await lead(answers, 89)
    const before = await lead({ ...answers, phone: '+1 404 555 0142' }, 178)
    const after = await lead({ ...answers, phone: '+1 505 555 0173' }, 0)
    expect((await detailOf(middle)).duplicates.map((d) => d.id)).toEqual([before, after])
    expect((await detailOf(before)).duplicates.map((d) => d.id)).toEqual([middle])
  })
})
