import { randomUUID } from 'node:crypto'
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { applicationForm, type FormDefinition, type FormField } from '../common/application-form.ts'
import { answersSchema, submissionSchema } from '../common/contact-submission.ts'
import { validAnswers } from '../common/testing/valid-answers.ts'
import { supabaseMigrations } from '../scripts/supabase-migration-files.ts'
import { submissionTable } from './applications/submission-table.ts'
import { MIGRATIONS_DIR, migrate } from './db/migrate.ts'
import { exportApplications } from './export/export-applications.ts'
import { exportColumns } from './export/paged-export.ts'
import { parseInsert } from './postgrest/parse-insert.ts'
import { PostgrestError } from './postgrest/postgrest-error.ts'
import { findProjectRoot } from './project-root.ts'
import { answerColumns } from './testing/answer-columns.ts'
import { DATABASE_TARGET } from './testing/database-target.ts'
import { useTempDatabase } from './testing/use-temp-database.ts'

// A ninth question, added the way the next one will be: an entry in a copy of
// the definition and one migration adding its column. Everything on the server
// side follows; the page's side (the wizard's steps, "Nine short questions")
// is in application-dialog.test.tsx.

const NINTH: FormField = {
  key: 'referral',
  label: 'How did you hear about us?',
  placeholder: 'A friend, a post, an ad…',
  kind: 'text',
  maxLength: 300,
}
const FORM: FormDefinition = [...applicationForm, NINTH]
const MIGRATION = `-- Where a lead heard about us. Applications from before the question say so.
ALTER TABLE contact_submissions
  ADD COLUMN referral text NOT NULL DEFAULT 'not asked'
    CHECK (btrim(referral) <> '' AND char_length(referral) <= 300);
ALTER TABLE contact_submissions ALTER COLUMN referral DROP DEFAULT;
`

const temp = useTempDatabase({ migrated: false })
let migrationsDir: string
// Numbered after the last migration there is, as the next one will be.
let number: string
let migrationFile: string
beforeAll(async () => {
  const numbers = (await readdir(MIGRATIONS_DIR)).map((name) => Number(/^(\d+)-/.exec(name)?.[1] ?? 0))
  number = String(Math.max(...numbers) + 1).padStart(3, '0')
  migrationFile = `${number}-referral.sql`
  migrationsDir = await mkdtemp(join(tmpdir(), 'migrations-'))
  await cp(MIGRATIONS_DIR, migrationsDir, { recursive: true })
  await writeFile(join(migrationsDir, migrationFile), MIGRATION)
  // A server that stored applications before the question was added, then upgraded.
  await migrate(temp.db)
  await temp.db.query(
    `INSERT INTO contact_submissions (${applicationForm.map((field) => field.key).join(', ')})
     VALUES (${applicationForm.map((_, index) => `$${index + 1}`).join(', ')})`,
    Object.values(validAnswers({ instagram: '@before' })),
  )
  expect(await migrate(temp.db, migrationsDir)).toEqual([migrationFile])
})
afterAll(async () => {
  await rm(migrationsDir, { recursive: true, force: true })
})

const insertOptions = { columns: undefined, missingDefault: false, authenticated: false, table: submissionTable(FORM) }

/** Inserts what parseInsert makes of `body`, as the route does. */
async function insert(body: unknown) {
  const row = parseInsert(JSON.stringify([body]), insertOptions)
  await temp.db.query(
    `INSERT INTO contact_submissions (${row.columns.join(', ')}) VALUES (${row.columns.map((_, i) => `$${i + 1}`).join(', ')})`,
    row.values,
  )
}

const refusal = (body: unknown) => {
  try {
    parseInsert(JSON.stringify([body]), insertOptions)
  } catch (error) {
    return error instanceof PostgrestError ? error.code : `not a PostgREST error: ${String(error)}`
  }
  return 'accepted'
}

describe(`a ninth question, on ${DATABASE_TARGET}`, () => {
  it('agrees with its migration: one bounded answer column per question', async () => {
    expect(await answerColumns(temp.db)).toEqual(Object.fromEntries(FORM.map((field) => [field.key, field.maxLength])))
  })

  it('is in the schema the page and the server share', () => {
    const answers = validAnswers({}, { form: FORM })
    expect(Object.keys(answers)).toHaveLength(9)
    expect(answersSchema(FORM).parse({ ...answers, referral: '  A friend ' })).toMatchObject({ referral: 'A friend' })
    const { referral: _left, ...eight } = answers
    expect(submissionSchema(FORM).safeParse(eight).success).toBe(false)
    expect(submissionSchema(FORM).safeParse({ ...answers, referral: 'x'.repeat(301) }).success).toBe(false)
  })

  it('is a column the server takes, checks and stores', async () => {
    expect(insertOptions.table.writable.map((column) => column.name)).toEqual([
      ...FORM.map((field) => field.key),
      'submission_id',
      '_gotcha',
      'attribution',
    ])
    const submissionId = randomUUID()
    await insert({ ...validAnswers({ referral: ' A friend ' }, { form: FORM }), submission_id: submissionId })
    const [stored] = await temp.db.query('SELECT referral FROM contact_submissions WHERE submission_id = $1', [
      submissionId,
    ])
    expect(stored).toEqual({ referral: 'A friend' })

    const { referral: _left, ...eight } = validAnswers({}, { form: FORM })
    expect(refusal(eight)).toBe('23502')
    expect(refusal(validAnswers({ referral: '   ' }, { form: FORM }))).toBe('23514')
    expect(refusal(validAnswers({ referral: 'x'.repeat(301) }, { form: FORM }))).toBe('23514')
    // Without the entry, the server knows no such column, as PostgREST would say.
    expect(() =>
      parseInsert(JSON.stringify([validAnswers({}, { form: FORM })]), { ...insertOptions, table: submissionTable() }),
    ).toThrow(expect.objectContaining({ code: 'PGRST204' }))
  })

  it('is exported, after the other answers', async () => {
    const columns = exportColumns()
    const afterAnswers = columns.indexOf(applicationForm.at(-1)?.key ?? '') + 1
    expect(exportColumns(FORM)).toEqual([...columns.slice(0, afterAnswers), 'referral', ...columns.slice(afterAnswers)])
    let csv = ''
    const count = await exportApplications(temp.db, { format: 'csv', since: undefined, form: FORM }, async (chunk) => {
      csv += chunk
    })
    expect(count).toBe(2)
    const [header, before, after] = csv.split('\r\n')
    expect(header).toBe(
      exportColumns(FORM)
        .map((column) => `"${column}"`)
        .join(','),
    )
    // Neither came with an attribution: the columns after the answers are empty.
    expect(before).toMatch(/^"\d+",.*,"'@before",.*,"not asked"(,"")+$/)
    expect(after).toMatch(/,"A friend"(,"")+$/)
  })

  it('gives Supabase a migration of its own that lets anon insert the answer, and leaves the applied ones as they were', async () => {
    const files = await supabaseMigrations(temp.db, { form: FORM, migrationsDir })
    const committed = join(findProjectRoot(), 'supabase', 'migrations')
    const applied = (await readdir(committed)).filter((name) => name.endsWith('.sql')).sort()
    expect(files.map((file) => file.name)).toEqual([...applied, `20261201${number.padStart(6, '0')}_referral.sql`])
    for (const file of files.slice(0, -1)) expect(file.sql).toBe(await readFile(join(committed, file.name), 'utf8'))
    const ninth = files.at(-1)?.sql ?? ''
    expect(ninth).toContain(MIGRATION)
    expect(ninth).toContain('GRANT INSERT (referral) ON TABLE contact_submissions TO anon;')
  })

  it('cannot be asked before a migration adds its column', async () => {
    await expect(supabaseMigrations(temp.db, { form: FORM })).rejects.toThrow(
      'The page sends referral, but no migration in migrations/ adds the column to contact_submissions.',
    )
  })
})
