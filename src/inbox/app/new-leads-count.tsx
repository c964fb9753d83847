import { useEffect, useRef, useState } from 'react'
import { useNewLeadCount } from '../api/live.ts'
import { liveCopy } from '../content/live-copy.ts'

/**
 * The count of leads new to this account as a badge inside the nav's "Leads"
 * link, hidden from a screen reader, which hears it in the link's name
 * (newLeadsLinkName). Nothing while there are none.
 */
export function NewLeadsBadge({ count }: { count: number }) {
  if (count === 0) return null
  return (
    <span aria-hidden="true" className="ml-2 rounded-full bg-gold-strong px-2 text-sm font-bold text-ink tabular-nums">
      {liveCopy.navCount(count)}
    </span>
  )
}

/** "Leads, 3 new": the link's name while there are new leads, given whole so no reader splits it. */
export const newLeadsLinkName = (label: string, count: number) =>
  count === 0 ? undefined : `${label}${liveCopy.navCountSpoken(count)}`

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
