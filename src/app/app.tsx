import type { ReactNode } from 'react'
import { ErrorBoundary, type FallbackProps } from 'react-error-boundary'
import { site } from '../content/site.ts'
import { useAttributionCapture } from '../features/attribution/hooks/use-attribution-capture.ts'
import { LandingPage } from '../routes/landing-page.tsx'
import { NotFoundPage } from '../routes/not-found-page.tsx'

/**
 * The two routes: / (or /index.html) is the landing page, any other path the 404 page. The
 * server already answers each path with its own prerendered page and status,
 * so the browser needs no router (docs/decisions/006-no-client-router.md).
 */
export function App({ path }: { path: string }) {
  // On either page: an ad whose link has gone stale still says where its visitor came from.
  useAttributionCapture()
  return <AppErrorBoundary>{LANDING_PATHS.has(path) ? <LandingPage /> : <NotFoundPage path={path} />}</AppErrorBoundary>
}

// Servers, ours included, answer /index.html with the landing page too.
const LANDING_PATHS = new Set(['/', '/index.html'])

export function AppErrorBoundary({ children }: { children: ReactNode }) {
  return <ErrorBoundary FallbackComponent={UnexpectedError}>{children}</ErrorBoundary>
}

/** The spec's fallback for an unhandled error: the same screen as React Router's default. */
function UnexpectedError({ error }: FallbackProps) {
  const detail =
    error instanceof Error
      ? error.message
      : typeof error === 'object' && error !== null && 'statusText' in error
        ? String(error.statusText)
        : String(error)
  return (
    <main className="px-6 py-12">
      <h2 className="text-2xl font-bold">{site.unexpectedError}</h2>
      <h3 className="mt-2 italic">{detail}</h3>
    </main>
  )
}
