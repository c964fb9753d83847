import { Button } from '../../components/ui/button.tsx'
import { inboxCopy } from '../content/inbox-copy.ts'

export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="m-4 rounded-xl bg-white p-6 shadow-sm">
      <p>{inboxCopy.loadFailed}</p>
      <Button variant="secondary" className="mt-4" onClick={onRetry}>
        {inboxCopy.retry}
      </Button>
    </div>
  )
}
