import { useId, useState } from 'react'
import type { SpendEntry } from '../../../common/spend-api.ts'
import { Button } from '../../components/ui/button.tsx'
import { useDeleteSpend } from '../api/spend.ts'
import { spendCopy } from '../content/spend-copy.ts'
import { ConfirmDialog } from '../ui/confirm-dialog.tsx'
import { DataTable, type Column } from '../ui/data-table.tsx'
import { formatMoney } from '../ui/money.ts'
import { whenOf } from './spend-when.ts'

const copy = spendCopy.entries

/** The range's spend entries, each with a Delete that asks first; the table scrolls sideways in its own box on a phone. */
export function SpendEntries({ entries, caption }: { entries: readonly SpendEntry[]; caption: string }) {
  const [doomed, setDoomed] = useState<SpendEntry>()
  const remove = useDeleteSpend()
  const captionId = useId()
  const columns: readonly Column<SpendEntry>[] = [
    { header: copy.day, cell: whenOf, rowHeader: true },
    { header: copy.source, cell: (entry) => entry.source },
    {
      header: copy.campaign,
      cell: (entry) => entry.campaign || <span className="text-ink/70">{copy.wholeSource}</span>,
    },
    {
      header: copy.amount,
      cell: (entry) => formatMoney(entry.amount, entry.currency),
      align: 'end',
      className: 'tabular-nums',
    },
    {
      header: copy.actions,
      cell: (entry) => (
        <Button
          variant="secondary"
          className="min-h-11 px-4"
          aria-label={copy.deleteOf(entry.source, whenOf(entry))}
          onClick={() => {
            remove.reset()
            setDoomed(entry)
          }}
        >
          {copy.delete}
        </Button>
      ),
    },
  ]
  return (
    <>
      <div
        role="region"
        aria-labelledby={captionId}
        tabIndex={0}
        className="mt-4 overflow-x-auto rounded-xl ring-1 ring-ink/10"
      >
        <DataTable
          caption={caption}
          captionId={captionId}
          columns={columns}
          rows={entries}
          rowKey={(entry) => entry.id}
        />
      </div>
      <ConfirmDialog
        open={doomed !== undefined}
        onOpenChange={(open) => {
          if (!open) setDoomed(undefined)
        }}
        title={copy.confirmTitle}
        description={
          doomed ? copy.confirmText(formatMoney(doomed.amount, doomed.currency), doomed.source, whenOf(doomed)) : ''
        }
        confirmLabel={copy.delete}
        pendingLabel={copy.deleting}
        pending={remove.isPending}
        error={remove.isError ? copy.deleteFailed : undefined}
        onConfirm={() => {
          if (doomed) remove.mutate(doomed.id, { onSuccess: () => setDoomed(undefined) })
        }}
      />
    </>
  )
}
