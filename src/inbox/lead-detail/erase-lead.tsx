import { useState } from 'react'
import { Button } from '../../components/ui/button.tsx'
import { useEraseLead } from '../api/leads.ts'
import { inboxCopy } from '../content/inbox-copy.ts'
import { adminPaths } from '../paths.ts'
import { ConfirmDialog } from '../shell/confirm-dialog.tsx'
import { navigate } from '../use-location.ts'

const copy = inboxCopy.detail

export function EraseLead({ id }: { id: number }) {
  const [open, setOpen] = useState(false)
  const erase = useEraseLead()
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)} className="text-red-800 ring-red-800/40 hover:bg-red-50">
        {copy.erase}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={copy.eraseTitle}
        description={copy.eraseBody}
        confirmLabel={copy.eraseConfirm}
        pendingLabel={copy.erasing}
        pending={erase.isPending}
        error={erase.isError && copy.eraseFailed}
        // The lead is gone: back to the list, where it no longer shows.
        onConfirm={() => erase.mutate(id, { onSuccess: () => navigate(adminPaths.leads, { replace: true }) })}
      />
    </>
  )
}
