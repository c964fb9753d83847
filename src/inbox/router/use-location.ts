import { useMemo, useSyncExternalStore } from 'react'
import { mayLeave } from './leave-guard.ts'

// pushState and replaceState fire no event of their own: navigate() sends this one.
const NAVIGATED = 'inbox:navigate'

function subscribe(onChange: () => void) {
  window.addEventListener('popstate', onChange)
  window.addEventListener(NAVIGATED, onChange)
  return () => {
    window.removeEventListener('popstate', onChange)
    window.removeEventListener(NAVIGATED, onChange)
  }
}

const snapshot = () => `${window.location.pathname}${window.location.search}`

/** The inbox's address, path and query, kept in the URL so that any view can be bookmarked or shared. */
export function useLocation(): { path: string; params: URLSearchParams } {
  const current = useSyncExternalStore(subscribe, snapshot)
  return useMemo(() => {
    const url = new URL(current, window.location.origin)
    return { path: url.pathname, params: url.searchParams }
  }, [current])
}

/** Goes to another view of the inbox without loading the page again; `replace` keeps the history as it is. */
export function navigate(to: string, { replace = false, state = null }: { replace?: boolean; state?: unknown } = {}) {
  const otherView = new URL(to, window.location.href).pathname !== window.location.pathname
  // Another view would drop what the page holds (backup codes not yet saved): asked first.
  if (otherView && !mayLeave()) return
  if (otherView) titleFocusPending = true
  if (replace) window.history.replaceState(state, '', to)
  else window.history.pushState(state, '', to)
  window.dispatchEvent(new Event(NAVIGATED))
  if (!replace) window.scrollTo(0, 0)
}

// Set when another view replaces the one the focus was in; its title takes the focus once shown.
let titleFocusPending = false

/** Whether the title now shown should take the focus: once per change of view, never on the first load. */
export function takeTitleFocus() {
  const pending = titleFocusPending
  titleFocusPending = false
  return pending
}
