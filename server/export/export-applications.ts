import { applicationForm, type FormDefinition } from '../../common/application-form.ts'
import type { Queryable } from '../db/database.ts'
import { pagedExport, type ExportFormat, type ExportRow, type PageQuery } from './paged-export.ts'

export interface ExportChoice {
  format: ExportFormat
  /** Only applications made at or after this time. */
  since: Date | undefined
}

// A command's process serves nothing else, so its pages can be larger than the inbox's.
const PAGE_SIZE = 500

// Times as text with microseconds, in UTC, so both databases write them alike
// and a page's last time can be handed back exactly as the next page's cursor.
// The columns are qualified because the output names id and created_at are text.
const pageSql = (form: FormDefinition) => `SELECT s.id::text AS id, s.submission_id::text AS submission_id,
    to_char(s.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS created_at,
    ${form.map((field) => `s.${field.key}`).join(', ')}, s.attribution
  FROM contact_submissions s
  WHERE NOT s.spam
    AND ($1::timestamptz IS NULL OR s.created_at >= $1::timestamptz)
    AND ($2::timestamptz IS NULL OR (s.created_at, s.id) > ($2::timestamptz, $3::bigint))
  ORDER BY s.created_at, s.id
  LIMIT $4`

/** Every application but spam, oldest first, made at or after `since` when given. */
function applicationPages(db: Queryable, since: Date | undefined, form: FormDefinition): PageQuery {
  const sql = pageSql(form)
  return (after, limit) =>
    db.query<ExportRow>(sql, [since?.toISOString() ?? null, after?.created_at ?? null, after?.id ?? null, limit])
}

/**
 * Writes the applications in `format` through `write`, which should resolve once
 * the output can take more. Resolves to the number of applications written.
 */
export async function exportApplications(
  db: Queryable,
  { format, since, form = applicationForm }: ExportChoice & { form?: FormDefinition },
  write: (chunk: string) => Promise<void>,
): Promise<number> {
  const chunks = pagedExport(applicationPages(db, since, form), { format, pageSize: PAGE_SIZE, form })
  for (;;) {
    const next = await chunks.next()
    if (next.done === true) return next.value
    await write(next.value)
  }
}
