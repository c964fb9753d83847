import { EXPORT_FORMATS } from '../../../common/admin-api.ts'
import type { LeadListQuery } from '../../../common/admin-api-schema.ts'
import { inboxCopy } from '../content/inbox-copy.ts'
import { exportPath } from './list-query.ts'

const copy = inboxCopy.filters

export function ExportLinks({ query }: { query: LeadListQuery }) {
  return (
    <nav aria-label={copy.exportLabel} className="mt-4 flex flex-wrap gap-3">
      {EXPORT_FORMATS.map((format) => (
        <a
          key={format}
          href={exportPath(query, format)}
          download
          className="inline-flex min-h-11 items-center rounded-full px-4 font-semibold ring-1 ring-ink/25 hover:bg-ink/5"
        >
          {copy.exportAs(format)}
        </a>
      ))}
    </nav>
  )
}
