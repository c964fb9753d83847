import { toolsCopy } from '../content/inbox-tools-copy.ts'
import { listCopy } from '../content/list-copy.ts'
import { ownerCopy } from '../content/owner-copy.ts'
import type { LeadRowsProps } from './lead-columns.ts'
import { LeadRow } from './lead-row.tsx'
import { SelectBox } from './select-box.tsx'

const columns = listCopy.columns
const head = 'px-2 py-1 font-semibold'

/**
 * The list from 640 px up (narrower screens get cards, lead-cards.tsx): one
 * line per lead in fixed columns, so nothing pushes the table wider than the
 * screen; long names and emails are cut short with their full text kept.
 */
export function LeadTable({ leads, spam, now, sort, selection, onStatusChanged }: LeadRowsProps) {
  const selectedHere = leads.filter((lead) => selection.has(lead.id)).length
  return (
    <div className="hidden rounded-2xl bg-white shadow-sm sm:block">
      <table className="w-full table-fixed text-left text-sm">
        <caption className="sr-only">{listCopy.caption[sort]}</caption>
        <colgroup>
          <col className="w-11" />
          <col />
          <col className="hidden w-32 lg:table-column" />
          <col className="hidden w-40 lg:table-column" />
          <col className="w-28" />
          <col className="w-40" />
          <col className="hidden w-36 lg:table-column" />
          <col className="w-32" />
        </colgroup>
        <thead className="border-b border-ink/15 bg-ink/5">
          <tr>
            <td className="pl-1">
              <SelectBox
                label={listCopy.selectPage}
                checked={leads.length > 0 && selectedHere === leads.length}
                mixed={selectedHere > 0 && selectedHere < leads.length}
                onChange={(checked) =>
                  selection.setMany(
                    leads.map((lead) => lead.id),
                    checked,
                  )
                }
              />
            </td>
            <th scope="col" className={head}>
              {columns.lead}
            </th>
            <th scope="col" className={`${head} hidden lg:table-cell`}>
              {columns.source}
            </th>
            <th scope="col" className={`${head} hidden lg:table-cell`}>
              {columns.budget}
            </th>
            <th scope="col" className={head}>
              {columns.received}
            </th>
            <th scope="col" className={head}>
              {spam ? toolsCopy.notSpam.action : columns.status}
            </th>
            <th scope="col" className={`${head} hidden lg:table-cell`}>
              {ownerCopy.owner}
            </th>
            <th scope="col" className={`${head} text-right`}>
              {columns.answers}
            </th>
          </tr>
        </thead>
        <tbody>
          {leads.map((lead) => (
            <LeadRow
              key={lead.id}
              lead={lead}
              spam={spam}
              now={now}
              selected={selection.has(lead.id)}
              onSelect={(id, checked) => selection.setMany([id], checked)}
              onStatusChanged={onStatusChanged}
            />
          ))}
        </tbody>
      </table>
    </div>
  )
}
