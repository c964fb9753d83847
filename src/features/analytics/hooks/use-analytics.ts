import { useEffect } from 'react'
import { track } from '../../../features-shared/track.ts'

let viewed = false

/**
 * Counts this page view and, once the page has hydrated, loads the sender as
 * a chunk of its own. Should it fail to load, the events stay unsent: the page
 * works the same.
 */
export function useAnalytics(): void {
  useEffect(() => {
    // Once per page load, however often the effect runs (StrictMode runs it twice).
    if (viewed) return
    viewed = true
    track('page_view')
    import('../event-sender.ts').then((sender) => sender.startSending()).catch(() => undefined)
  }, [])
}
