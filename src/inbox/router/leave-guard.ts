import { useEffect } from 'react'

// What the page says before it is left, while something on it would be lost; one at a time.
let warning: string | undefined

/**
 * While `message` is set, leaving asks first: closing or reloading the tab
 * (the browser's own question, whose words it chooses), and moving to another
 * view through the inbox's links or signing out (a confirm with `message`).
 * The browser's Back button is not asked about: the inbox does not hold the history back.
 */
export function useLeaveGuard(message: string | undefined) {
  useEffect(() => {
    if (message === undefined) return
    warning = message
    const warn = (event: BeforeUnloadEvent) => event.preventDefault()
    window.addEventListener('beforeunload', warn)
    return () => {
      window.removeEventListener('beforeunload', warn)
      if (warning === message) warning = undefined
    }
  }, [message])
}

/** True when nothing would be lost, or the person chose to leave all the same. */
export const mayLeave = () => warning === undefined || window.confirm(warning)
