import { useEffect } from 'react'

/**
 * Records where this visit came from once the page has hydrated. The code
 * loads as a chunk of its own after the first view, and a failure to fetch or
 * run it only means this visit goes unrecorded.
 */
export function useAttributionCapture(): void {
  useEffect(() => {
    import('../../../features-shared/attribution-store.ts')
      .then((store) => store.captureThisVisit())
      .catch(() => undefined)
  }, [])
}
