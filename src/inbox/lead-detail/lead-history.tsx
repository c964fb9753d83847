import type { LeadStatusChange } from '../../../common/admin-api.ts'
import { inboxCopy, statusLabels } from '../content/inbox-copy.ts'
import { formatDateTime } from '../format.ts'

const copy = inboxCopy.detail

export function LeadHistory({ history }: { history: LeadStatusChange[] }) {
  if (history.length === 0) return <p>{copy.noHistory}</p>
  return (
    <ol className="flex flex-col gap-2">
      {history.map((change) => (
        <li key={`${change.at}-${change.to}`}>
          <span className="font-semibold">{copy.historyLine(change.from && statusLabels[change.from], statusLabels[change.to])}</span>{' '}
          <span className="text-sm text-ink/75">({copy.by(change.author, formatDateTime(change.at))})</span>
        </li>
      ))}
    </ol>
  )
}
