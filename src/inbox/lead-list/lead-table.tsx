import type { LeadSummary } from '../../../common/admin-api.ts'
import { inboxCopy } from '../content/inbox-copy.ts'
import { DataTable, type Column } from '../shell/data-table.tsx'
import { LeadLink } from './lead-link.tsx'
import { leadColumns, leadName, receivedAt, type LeadRowsProps } from './lead-columns.ts'
import { bookingLabel } from './booking-label.ts'
import { NewBadge } from './new-badge.tsx'
import { NotSpamButton } from './not-spam-button.tsx'
import { RowStatusSelect } from './row-status-select.tsx'

const copy = inboxCopy.columns
const cell = 'px-3 py-2 align-top'

/** What every view of the list shows: when the lead came, its name, its answers. */
const facts: readonly Column<LeadSummary>[] = [
  { header: copy.receivedAt, className: 'whitespace-nowrap', cell: receivedAt },
  {
    header: copy.name,
    rowHeader: true,
    className: 'font-semibold',
    cell: (lead) => (
      <>
        <LeadLink id={lead.id} className="underline underline-offset-4 hover:text-ink/70">
          {leadName(lead)}
        </LeadLink>
        <NewBadge lead={lead} />
      </>
    ),
  },
  ...leadColumns.map((column) => ({ header: column.label, className: 'max-w-56 break-words', cell: column.value })),
]

/** The list from 640 px up; narrower screens get cards (lead-cards.tsx). */
export function LeadTable({ leads, spam, onStatusChanged }: LeadRowsProps) {
  // In the spam view the action sits under the name, not in a column of its own: the table stays as wide as the leads'.
  const columns = spam
    ? facts.map((column) =>
        column.rowHeader
          ? {
              ...column,
              cell: (lead: LeadSummary) => (
                <div className="flex flex-col items-start gap-2">
                  {column.cell(lead)}
                  <NotSpamButton id={lead.id} name={leadName(lead)} onMoved={onStatusChanged} />
                </div>
              ),
            }
          : column,
      )
    : [
        ...facts,
        {
          header: copy.status,
          cell: (lead: LeadSummary) => (
            <div className="flex flex-col gap-1">
              <RowStatusSelect lead={lead} onChanged={onStatusChanged} />
              {lead.booking && <span className="whitespace-nowrap text-sm">{bookingLabel(lead)}</span>}
            </div>
          ),
        },
      ]
  return (
    <div className="hidden overflow-x-auto rounded-2xl bg-white shadow-sm sm:block">
      <DataTable
        caption={inboxCopy.list.caption}
        columns={columns}
        rows={leads}
        rowKey={(lead) => lead.id}
        cells={{ head: cell, body: cell }}
      />
    </div>
  )
}
