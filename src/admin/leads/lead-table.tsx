import { adminCopy } from '../content/admin-copy.ts'
import { adminPaths } from '../paths.ts'
import { AdminLink } from '../shell/admin-link.tsx'
import { leadColumns, leadName, receivedAt, type LeadRowsProps } from './lead-columns.ts'
import { RowStatusSelect } from './row-status-select.tsx'

const columns = adminCopy.columns
const cell = 'px-3 py-2 align-top'

/** The list from 640 px up; narrower screens get cards (lead-cards.tsx). */
export function LeadTable({ leads, spam, onStatusChanged }: LeadRowsProps) {
  return (
    <div className="hidden overflow-x-auto rounded-2xl bg-white shadow-sm sm:block">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{adminCopy.list.caption}</caption>
        <thead className="border-b border-ink/15 bg-ink/5">
          <tr>
            <th scope="col" className={cell}>
              {columns.receivedAt}
            </th>
            <th scope="col" className={cell}>
              {columns.name}
            </th>
            {leadColumns.map((column) => (
              <th key={column.label} scope="col" className={cell}>
                {column.label}
              </th>
            ))}
            {!spam && (
              <th scope="col" className={cell}>
                {columns.status}
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {leads.map((lead) => (
            <tr key={lead.id} className="border-b border-ink/10 last:border-0">
              <td className={`${cell} whitespace-nowrap`}>{receivedAt(lead)}</td>
              <th scope="row" className={`${cell} font-semibold`}>
                <AdminLink href={adminPaths.lead(lead.id)} className="underline underline-offset-4 hover:text-ink/70">
                  {leadName(lead)}
                </AdminLink>
              </th>
              {leadColumns.map((column) => (
                <td key={column.label} className={`${cell} max-w-56 break-words`}>
                  {column.value(lead)}
                </td>
              ))}
              {!spam && (
                <td className={cell}>
                  <RowStatusSelect lead={lead} onChanged={onStatusChanged} />
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
