import { randomUUID } from 'node:crypto'
import { CONTACT_FIELDS } from '../../common/application-form.ts'
import { HONEYPOT_FIELD } from '../../common/contact-submission.ts'
import { validAnswers } from '../../common/testing/valid-answers.ts'
import type { Queryable } from '../db/database.ts'

/**
 * Stores one application straight in the table, as the page's insert (or a
 * page posting to Supabase) would, so the outbox trigger runs; a filled
 * honeypot makes it spam. Resolves to the row's id.
 */
export async function insertApplication(
  db: Queryable,
  { spam = false, answers = {} }: { spam?: boolean; answers?: Record<string, string> } = {},
) {
  const row = { ...validAnswers(), ...answers } as Record<string, string>
  const [stored] = await db.query<{ id: number }>(
    `INSERT INTO contact_submissions (submission_id, ${HONEYPOT_FIELD}, ${CONTACT_FIELDS.join(', ')})
     VALUES ($1, $2, ${CONTACT_FIELDS.map((_, i) => `$${i + 3}`).join(', ')}) RETURNING id`,
    [randomUUID(), spam ? 'https://spam.example' : null, ...CONTACT_FIELDS.map((field) => row[field])],
  )
  return Number(stored?.id)
}
