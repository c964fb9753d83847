import { useEffect, useRef, useState } from 'react'
import { useNewLeadCount } from '../api/live.ts'
import { liveCopy } from '../content/live-copy.ts'

/**
 * The count of leads new to this account, inside the nav's "Leads" link: a
 * badge on screen, ", 3 new" in the link's name. Nothing while there are none.
 */
export function NewLeadsCount() {
  const count = useNewLeadCount().data?.count ?? 0
  if (count === 0) return null
  return (
    <>
      <span aria-hidden="true" className="ml-2 rounded-full bg-gold-strong px-2 text-sm font-bold text-ink tabular-nums">
        {liveCopy.navCount(count)}
      </span>
      <span className="sr-only">{liveCopy.navCountSpoken(count)}</span>
    </>
  )
}

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
