import { useEffect, useRef, useState } from 'react'
import { useNewLeadCount } from '../api/live.ts'
import { liveCopy } from '../content/live-copy.ts'

/**
 * Says politely how many leads arrived when the count rises while the inbox is
 * open; never what it was on arrival, nor anything when a poll changes nothing.
 */
export function NewLeadsAnnouncer() {
  const count = useNewLeadCount().data?.count
  const last = useRef<number | undefined>(undefined)
  const [message, setMessage] = useState('')
  useEffect(() => {
    if (count === undefined) return
    if (last.current !== undefined && count > last.current) setMessage(liveCopy.arrived(count - last.current))
    last.current = count
  }, [count])
  // A live region without the status role: the screens' own status messages stay the page's only one.
  return (
    <p aria-live="polite" className="sr-only">
      {message}
    </p>
  )
}
