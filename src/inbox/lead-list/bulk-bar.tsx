import { useId, useState } from 'react'
import { LEAD_STATUSES, type LeadStatus } from '../../../common/admin-api.ts'
import { cn } from '../../lib/cn.ts'
import { useBulkErase, useBulkStatus } from '../api/bulk-leads.ts'
import { statusLabels } from '../content/inbox-copy.ts'
import { listCopy } from '../content/list-copy.ts'
import { ConfirmDialog } from '../shell/confirm-dialog.tsx'
import { ExportDialog } from './export-dialog.tsx'
import type { Selection } from './use-selection.ts'

const copy = listCopy
const control = 'inline-flex min-h-11 items-center rounded-full px-4 font-semibold whitespace-nowrap ring-1 ring-ink/25 hover:bg-ink/5'

interface BulkBarProps {
  selection: Selection
  spam: boolean
  onDone: (announcement: string) => void
}

/** What can be done to the selected leads at once: a status (not in spam), an export, an erasure after a confirmation. */
export function BulkBar({ selection, spam, onDone }: BulkBarProps) {
  const statusId = useId()
  const [status, setStatus] = useState<LeadStatus>('contacted')
  const [confirming, setConfirming] = useState(false)
  const change = useBulkStatus()
  const erase = useBulkErase()
  const { ids } = selection
  if (ids.length === 0) return null
  const applyStatus = () =>
    change.mutate(
      { ids, status },
      {
        onSuccess: ({ found }) => {
          onDone(copy.bulkStatusDone(found, statusLabels[status]))
          selection.clear()
        },
      },
    )
  const confirmErase = () =>
    erase.mutate(ids, {
      onSuccess: ({ erased }) => {
        setConfirming(false)
        onDone(copy.erased(erased, spam))
        selection.clear()
      },
    })
  return (
    <section aria-label={copy.selection} className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2 rounded-2xl bg-gold/15 px-3 py-2">
      <p className="font-semibold">{copy.selected(ids.length)}</p>
      {!spam && (
        <div className="flex items-center gap-2">
          <label htmlFor={statusId} className="text-sm font-semibold">
            {copy.bulkStatus}
          </label>
          <select
            id={statusId}
            value={status}
            onChange={(event) => setStatus(event.target.value as LeadStatus)}
            className="min-h-11 rounded-full bg-white px-3 text-sm ring-1 ring-ink/25"
          >
            {LEAD_STATUSES.map((value) => (
              <option key={value} value={value}>
                {statusLabels[value]}
              </option>
            ))}
          </select>
          <button type="button" onClick={() => !change.isPending && applyStatus()} aria-busy={change.isPending} className={control}>
            {change.isPending ? copy.bulkStatusApplying : copy.bulkStatusApply}
          </button>
        </div>
      )}
      <ExportDialog
        query={{ ids: ids.join(','), view: spam ? 'spam' : undefined }}
        words={{ open: copy.exportSelected, title: copy.exportSelectedTitle, intro: copy.exportSelectedIntro }}
      />
      <button type="button" onClick={() => setConfirming(true)} className={cn(control, 'text-red-800 ring-red-800/40 hover:bg-red-50')}>
        {copy.erase}
      </button>
      <button type="button" onClick={selection.clear} className="min-h-11 px-2 font-semibold underline underline-offset-4">
        {copy.clear}
      </button>
      {change.isError && (
        <p role="alert" className="w-full text-sm text-red-800">
          {copy.bulkStatusFailed}
        </p>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={copy.eraseTitle(ids.length, spam)}
        description={copy.eraseBody}
        confirmLabel={copy.eraseConfirm(ids.length, spam)}
        pendingLabel={copy.erasing}
        pending={erase.isPending}
        error={erase.isError && copy.eraseFailed}
        onConfirm={confirmErase}
      />
    </section>
  )
}
