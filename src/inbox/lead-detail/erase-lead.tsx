import { useState } from 'react'
import { Button } from '../../components/ui/button.tsx'
import { useEraseLead } from '../api/leads.ts'
import { inboxCopy } from '../content/inbox-copy.ts'
import { adminPaths } from '../router/paths.ts'
import { navigate } from '../router/use-location.ts'
import { ConfirmDialog } from '../ui/confirm-dialog.tsx'

const copy = inboxCopy.detail

/** `back`: the list the lead was opened from, where it no longer shows once erased. */
export function EraseLead({ id, back = adminPaths.leads }: { id: number; back?: string }) {
  const [open, setOpen] = useState(false)
  const erase = useEraseLead()
  return (
    <>
      <Button
        variant="secondary"
        onClick={() => setOpen(true)}
        className="text-red-800 ring-red-800/40 hover:bg-red-50"
      >
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
        onConfirm={() => erase.mutate(id, { onSuccess: () => navigate(back, { replace: true }) })}
      />
    </>
  )
}
