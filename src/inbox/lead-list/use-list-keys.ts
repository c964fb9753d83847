import { useEffect } from 'react'
import { isTyping, moveLeadFocus } from './lead-links.ts'

/**
 * The list's keys: `/` to the search, `j` and `k` to the next and previous
 * lead (Enter then follows its link). Left alone while someone types in a
 * field, with Ctrl, Alt or Meta held (the browser's and the system's own), and
 * inside a dialog, which keeps the focus to itself.
 */
export function useListKeys(focusSearch: () => void) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return
      if (event.target instanceof Element && event.target.closest('[role="dialog"], [role="alertdialog"]')) return
      if (event.key === '/') {
        event.preventDefault()
        focusSearch()
      } else if ((event.key === 'j' || event.key === 'k') && moveLeadFocus(event.key === 'j' ? 1 : -1)) {
        event.preventDefault()
      }
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [focusSearch])
}
