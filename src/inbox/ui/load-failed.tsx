import { Button } from '../../components/ui/button.tsx'
import { AdminApiError } from '../api/inbox-fetch.ts'
import { filterCopy } from '../content/filter-copy.ts'
import { inboxCopy } from '../content/inbox-copy.ts'

// Asking again may help only when the server was not reached, was busy or failed.
const mayPassOnRetry = (status: number) => status >= 500 || status === 408 || status === 429

/**
 * A read that failed. When the server answered and explained (a 4xx with a
 * message, e.g. a backwards date range), its words are shown: the connection
 * is not to blame. Only no answer, or a 5xx, gets the generic message.
 */
export function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const explained = error instanceof AdminApiError && error.status < 500 && error.serverMessage ? error : undefined
  return (
    <div role="alert" className="m-4 rounded-xl bg-white p-6 shadow-sm">
      <p>{explained?.serverMessage ? filterCopy.refused(explained.serverMessage) : inboxCopy.loadFailed}</p>
      {(explained === undefined || mayPassOnRetry(explained.status)) && (
        <Button variant="secondary" className="mt-4" onClick={onRetry}>
          {inboxCopy.retry}
        </Button>
      )}
    </div>
  )
}
