import { lazy, Suspense, useState } from 'react'
import { ErrorBoundary, type FallbackProps } from 'react-error-boundary'
import { Button } from '../../components/ui/button.tsx'
import { boardCopy } from '../content/board-copy.ts'
import { inboxCopy } from '../content/inbox-copy.ts'
import { PageTitle } from '../ui/page-title.tsx'

// The board and its drag and drop (@dnd-kit) are for this screen only: kept
// out of the inbox's first download. React.lazy keeps a failed import for
// good, so each attempt gets a component of its own.
const lazyBoard = () => lazy(() => import('./board-page.tsx'))

function BoardFailed({ resetErrorBoundary }: FallbackProps) {
  return (
    <div role="alert" className="mt-6 rounded-xl bg-white p-6 shadow-sm">
      <p>{boardCopy.loadFailed}</p>
      <Button variant="secondary" className="mt-4" onClick={resetErrorBoundary}>
        {inboxCopy.retry}
      </Button>
    </div>
  )
}

/** The board at /admin/board: its title at once, the board itself once its code has loaded. */
export function LazyBoardPage() {
  const [BoardPage, setBoardPage] = useState(lazyBoard)
  return (
    <>
      <PageTitle>{boardCopy.title}</PageTitle>
      <p className="mt-2 max-w-prose text-ink/80">{boardCopy.intro}</p>
      <ErrorBoundary FallbackComponent={BoardFailed} onReset={() => setBoardPage(lazyBoard)}>
        <Suspense fallback={<p className="mt-6">{boardCopy.loading}</p>}>
          <BoardPage />
        </Suspense>
      </ErrorBoundary>
    </>
  )
}
