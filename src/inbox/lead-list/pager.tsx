import type { LeadListQuery } from '../../../common/admin-api-schema.ts'
import { inboxCopy } from '../content/inbox-copy.ts'
import { cursorTrail, listPath } from '../leads-shared/list-query.ts'
import { navigate } from '../router/use-location.ts'

const copy = inboxCopy.list
const buttonClass = 'min-h-11 rounded-full px-5 font-semibold ring-1 ring-ink/25 hover:bg-ink/5'

/** Keyset paging: "Next page" follows the server's cursor, "Newer" goes back the way the user came. */
export function Pager({ query, nextCursor }: { query: LeadListQuery; nextCursor: string | undefined }) {
  if (!query.cursor && !nextCursor) return null
  const older = () =>
    navigate(listPath({ ...query, cursor: nextCursor }), { state: { trail: [...cursorTrail(), query.cursor ?? ''] } })
  const newer = () => {
    const trail = cursorTrail()
    // A shared link has no trail: its "Newer" starts again from the newest.
    navigate(listPath({ ...query, cursor: trail.at(-1) || undefined }), { state: { trail: trail.slice(0, -1) } })
  }
  return (
    <nav aria-label={copy.pages} className="mt-6 flex gap-3">
      {query.cursor && (
        <button type="button" onClick={newer} className={buttonClass}>
          {copy.newer}
        </button>
      )}
      {nextCursor && (
        <button type="button" onClick={older} className={buttonClass}>
          {copy.next}
        </button>
      )}
    </nav>
  )
}
