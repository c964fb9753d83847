import { useState } from 'react'
import { cn } from '../../lib/cn.ts'
import { useBulkErase } from '../api/bulk-leads.ts'
import { listCopy } from '../content/list-copy.ts'
import { ConfirmDialog } from '../ui/confirm-dialog.tsx'
import { bulkControl } from './bulk-choice.tsx'
import { BulkOwner } from './bulk-owner.tsx'
import { BulkNotSpam, BulkStatus } from './bulk-status.tsx'
import { ExportDialog } from './export-dialog.tsx'
import type { Selection } from './use-selection.ts'

const copy = listCopy

interface BulkBarProps {
  selection: Selection
  spam: boolean
  onDone: (announcement: string) => void
}

/** What can be done to the selected leads at once: a status (in spam, "Not spam"), an export, an erasure after a confirmation. */
export function BulkBar({ selection, spam, onDone }: BulkBarProps) {
  const [confirming, setConfirming] = useState(false)
  const erase = useBulkErase()
  const { ids } = selection
  if (ids.length === 0) return null
  const done = (announcement: string) => {
    onDone(announcement)
    selection.clear()
  }
  const confirmErase = () =>
    erase.mutate(ids, {
      onSuccess: ({ erased }) => {
        setConfirming(false)
        done(copy.erased(erased, spam))
      },
    })
  return (
    <section
      aria-label={copy.selection}
      className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2 rounded-2xl bg-gold/15 px-3 py-2"
    >
      <p className="font-semibold">{copy.selected(ids.length)}</p>
      {spam ? <BulkNotSpam ids={ids} onDone={done} /> : <BulkStatus ids={ids} onDone={done} />}
      {!spam && <BulkOwner ids={ids} onDone={done} />}
      <ExportDialog
        query={{ ids: ids.join(','), view: spam ? 'spam' : undefined }}
        words={{ open: copy.exportSelected, title: copy.exportSelectedTitle, intro: copy.exportSelectedIntro }}
      />
      <button
        type="button"
        onClick={() => setConfirming(true)}
        className={cn(bulkControl, 'text-red-800 ring-red-800/40 hover:bg-red-50')}
      >
        {copy.erase}
      </button>
      <button
        type="button"
        onClick={selection.clear}
        className="min-h-11 px-2 font-semibold underline underline-offset-4"
      >
        {copy.clear}
      </button>
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
