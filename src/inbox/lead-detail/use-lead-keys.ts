import { useEffect } from 'react'
import { navigate } from '../router/use-location.ts'

/** Whether a key pressed here belongs to what has the focus: a field being typed in, or an open dialog. */
function isBusy(event: KeyboardEvent) {
  const target = event.target instanceof HTMLElement ? event.target : undefined
  if (target?.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]')) return true
  return document.querySelector('[role="dialog"], [role="alertdialog"]') !== null
}

/** Esc goes back to the list, J to the next lead and K to the previous one, where there is one. */
export function useLeadKeys({ back, next, previous }: { back: string; next?: string; previous?: string }) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || isBusy(event)) return
      const to = event.key === 'Escape' ? back : event.key === 'j' ? next : event.key === 'k' ? previous : undefined
      if (to === undefined) return
      event.preventDefault()
      navigate(to)
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [back, next, previous])
}
