import { randomUUID } from 'node:crypto'
import { CONTACT_FIELDS, applicationForm, type FormField } from '../../common/application-form.ts'
import type { Attribution } from '../../common/attribution.ts'
import { HONEYPOT_FIELD } from '../../common/contact-submission.ts'
import { validAnswers } from '../../common/testing/valid-answers.ts'
import type { Queryable } from '../db/database.ts'

export interface LeadSeed {
  answers?: Record<string, string>
  spam?: boolean
  attribution?: Attribution | null
  /** When it arrived; now by default. */
  receivedAt?: Date
}

/** Stores one application straight in the table (its triggers run); resolves to its id. */
export async function insertLead(
  db: Queryable,
  { answers = {}, spam = false, attribution = null, receivedAt }: LeadSeed = {},
): Promise<number> {
  const row = { ...validAnswers(), ...answers } as Record<string, string>
  const [stored] = await db.query<{ id: string }>(
    `INSERT INTO contact_submissions (created_at, submission_id, ${HONEYPOT_FIELD}, attribution, ${CONTACT_FIELDS.join(', ')})
     VALUES (coalesce($1::timestamptz, now()), $2, $3, $4::jsonb, ${CONTACT_FIELDS.map((_, i) => `$${i + 5}`).join(', ')})
     RETURNING id::text AS id`,
    [
      receivedAt?.toISOString() ?? null,
      randomUUID(),
      spam ? 'https://spam.example' : null,
      attribution === null ? null : JSON.stringify(attribution),
      ...CONTACT_FIELDS.map((field) => row[field]),
    ],
  )
  return Number(stored?.id)
}

const FIRST = [
  'Ada',
  'Grace',
  'Alan',
  'Katherine',
  'Linus',
  'Margaret',
  'Dennis',
  'Barbara',
  'Ken',
  'Frances',
  'Tim',
  'Radia',
]
const LAST = [
  'Lovelace',
  'Hopper',
  'Turing',
  'Johnson',
  'Torvalds',
  'Hamilton',
  'Ritchie',
  'Liskov',
  'Thompson',
  'Allen',
  'Lee',
  'Perlman',
]
const NICHES = [
  'e-commerce',
  'coaching',
  'SaaS',
  'local service',
  'fitness studio',
  'dental clinic',
  'real estate',
  'bakery',
  'agency',
]

const sqlArray = (words: readonly string[]) =>
  `ARRAY[${words.map((word) => `'${word.replaceAll("'", "''")}'`).join(', ')}]`
const pick = (words: readonly string[], salt: number) => `(${sqlArray(words)})[1 + ((g * ${salt}) % ${words.length})]`

// Each answer from its question's kind (never a list of the form's keys), with
// the row number in it, so a search for a whole value finds one lead.
function answerSql(field: FormField): string {
  const person = `${pick(FIRST, 7)} || ' ' || ${pick(LAST, 11)}`
  switch (field.kind) {
    case 'email':
      return `lower(${pick(FIRST, 7)} || '.' || ${pick(LAST, 11)}) || g || '@example.com'`
    case 'tel':
      return `'+1 555 ' || lpad(g::text, 7, '0')`
    case 'long-text':
      return `'We need more booked calls from ' || ${pick(NICHES, 5)} || ' customers, lead ' || g`
    case 'text':
      return field.autocomplete === 'username'
        ? `lower(${pick(FIRST, 7)} || '_' || ${pick(LAST, 11)}) || g`
        : field.autocomplete === 'name'
          ? `${person}`
          : `${pick(NICHES, 5)} || ' ' || g`
  }
}

// utm_source ig/fb/google/tiktok for most, a referrer only for some, nothing for the rest.
const ATTRIBUTION_SQL = `CASE
    WHEN g % 10 < 6 THEN jsonb_build_object('last_touch', jsonb_build_object(
      'utm_source', (ARRAY['ig', 'fb', 'google', 'tiktok'])[1 + (g / 10) % 4], 'utm_medium', 'paid', 'landing_path', '/'))
    WHEN g % 10 < 8 THEN jsonb_build_object('last_touch', jsonb_build_object(
      'referrer_origin', (ARRAY['https://www.google.com', 'https://l.instagram.com', 'https://news.ycombinator.com'])[1 + (g / 10) % 3],
      'landing_path', '/'))
    ELSE NULL
  END`

/**
 * `count` applications in one INSERT … SELECT generate_series: one every
 * `spacingSeconds` back from now, `spamPercent` of them spam, sources as
 * ATTRIBUTION_SQL spreads them, then statuses spread over the pipeline (most
 * new). For benchmarks and plan tests, where thousands of rows must be quick.
 */
export async function seedLeads(
  db: Queryable,
  count: number,
  { spamPercent = 1, spacingSeconds = 300 } = {},
): Promise<void> {
  await db.query(
    `INSERT INTO contact_submissions (created_at, ${HONEYPOT_FIELD}, attribution, ${CONTACT_FIELDS.join(', ')})
     SELECT now() - make_interval(secs => g * $2::double precision),
       CASE WHEN g % 100 < $3::int THEN 'bot' END,
       ${ATTRIBUTION_SQL},
       ${applicationForm.map(answerSql).join(',\n       ')}
     FROM generate_series(1, $1::int) g`,
    [count, spacingSeconds, spamPercent],
  )
  await db.query(
    `UPDATE lead_pipeline SET status = CASE
       WHEN application_id % 100 < 85 THEN 'contacted' WHEN application_id % 100 < 92 THEN 'booked'
       WHEN application_id % 100 < 96 THEN 'won' ELSE 'lost' END
     WHERE application_id % 100 >= 70`,
  )
}
