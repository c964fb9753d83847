import { Button } from '../../components/ui/button.tsx'
import { adminCopy } from '../content/admin-copy.ts'

export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="m-4 rounded-xl bg-white p-6 shadow-sm">
      <p>{adminCopy.loadFailed}</p>
      <Button variant="secondary" className="mt-4" onClick={onRetry}>
        {adminCopy.retry}
      </Button>
    </div>
  )
}
