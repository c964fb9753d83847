import { lazy, Suspense, useState } from 'react'
import { ErrorBoundary, type FallbackProps } from 'react-error-boundary'
import { Button } from '../../components/ui/button.tsx'
import { site } from '../../content/site.ts'
import type * as dialogModule from './components/application-dialog.tsx'

type DialogModule = typeof dialogModule

// The dialog, the wizard, validation, the submission client and the toasts are
// not needed for the first view, so they load as a separate chunk. A failed
// download (a dropped connection, a deploy that replaced the file) is forgotten,
// so the next attempt fetches it again.
let pending: Promise<DialogModule> | undefined
function load(): Promise<DialogModule> {
  pending ??= import('./components/application-dialog.tsx').catch((error: unknown) => {
    pending = undefined
    throw error
  })
  return pending
}

/** Starts fetching the application chunk, so it is there when 'Apply Now' appears. */
export function preloadApplication() {
  // A failure here shows, with a way to try again, when the application is due.
  load().catch(() => undefined)
}

// React.lazy keeps a failed import for good; each attempt gets a component of its own.
const lazyDialog = () => lazy(() => load().then((module) => ({ default: module.ApplicationDialog })))

/**
 * 'Apply Now' and the application. If its code cannot be fetched, the rest of
 * the page stays, and the visitor is told and can try again.
 */
export function LazyApplicationDialog() {
  const [ApplicationDialog, setApplicationDialog] = useState(lazyDialog)
  const [retried, setRetried] = useState(false)
  const retry = () => {
    setApplicationDialog(() => lazyDialog())
    setRetried(true)
  }
  return (
    <ErrorBoundary FallbackComponent={LoadFailed} onReset={retry}>
      <Suspense
        fallback={
          <Button size="large" disabled>
            {site.countdown.applyLabel}
          </Button>
        }
      >
        <ApplicationDialog focusOnMount={retried} />
      </Suspense>
    </ErrorBoundary>
  )
}

function LoadFailed({ resetErrorBoundary }: FallbackProps) {
  return (
    <div role="alert" className="flex flex-col items-center gap-4">
      <p className="text-lg text-mist">{site.countdown.loadFailed}</p>
      <Button size="large" onClick={resetErrorBoundary}>
        {site.countdown.retryLabel}
      </Button>
    </div>
  )
}
