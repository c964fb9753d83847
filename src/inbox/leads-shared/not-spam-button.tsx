import { useId } from 'react'
import { cn } from '../../lib/cn.ts'
import { AdminApiError } from '../api/inbox-fetch.ts'
import { useMarkNotSpam } from '../api/leads.ts'
import { toolsCopy } from '../content/inbox-tools-copy.ts'

const copy = toolsCopy.notSpam

/** The failure is shown from the mutation's state. */
const ignoreShownError = () => undefined

interface NotSpamButtonProps {
  id: number
  name: string
  onMoved: (announcement: string) => void
  className?: string
}

/** Moves a spam entry to the leads, which announces it as a new lead: in the spam view and on its page. */
export function NotSpamButton({ id, name, onMoved, className }: NotSpamButtonProps) {
  const errorId = useId()
  const move = useMarkNotSpam()
  // The server says why it refused (already a lead, erased meanwhile); anything else gets the general words.
  const problem = move.error instanceof AdminApiError && move.error.status < 500 ? move.error.serverMessage : undefined
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <button
        type="button"
        aria-label={copy.actionOf(name)}
        aria-describedby={move.isError ? errorId : undefined}
        aria-busy={move.isPending}
        onClick={() => {
          // A promise, not mutate's callback: the entry leaves the spam view (and this button with it) once the list is read again.
          if (!move.isPending) move.mutateAsync(id).then(() => onMoved(copy.moved(name)), ignoreShownError)
        }}
        className="inline-flex min-h-11 items-center justify-center rounded-full px-4 font-semibold whitespace-nowrap ring-1 ring-ink/25 hover:bg-ink/5"
      >
        {move.isPending ? copy.moving : copy.action}
      </button>
      {move.isError && (
        <p id={errorId} role="alert" className="max-w-64 text-sm text-red-800">
          {problem ?? copy.failed}
        </p>
      )}
    </div>
  )
}
