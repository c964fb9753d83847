import type { ReactNode } from 'react'
import { Button } from '../../components/ui/button.tsx'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog.tsx'
import { inboxCopy } from '../content/inbox-copy.ts'
import { Notice } from './notice.tsx'

interface ConfirmDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  description: string
  confirmLabel: string
  pendingLabel: string
  pending: boolean
  error?: ReactNode
  onConfirm: () => void
}

/** Asks before something that cannot be undone; Cancel (or Escape) is the easy way out. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  pendingLabel,
  pending,
  error,
  onConfirm,
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={inboxCopy.detail.close} role="alertdialog">
        <DialogTitle className="pr-10 text-xl font-bold">{title}</DialogTitle>
        <DialogDescription className="mt-3">{description}</DialogDescription>
        {error && (
          <Notice tone="error" className="mt-4">
            {error}
          </Notice>
        )}
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {inboxCopy.detail.cancel}
          </Button>
          <Button
            onClick={onConfirm}
            disabled={pending}
            className="bg-red-700 text-white shadow-none hover:bg-red-800 disabled:bg-red-700/60"
          >
            {pending ? pendingLabel : confirmLabel}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  )
}
