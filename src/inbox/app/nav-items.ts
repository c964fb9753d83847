import { useNewLeadCount } from '../api/live.ts'
import { useChaseCount } from '../api/outcomes.ts'
import { bookingCopy } from '../content/booking-copy.ts'
import { callsCopy } from '../content/calls-copy.ts'
import { inboxCopy } from '../content/inbox-copy.ts'
import { liveCopy } from '../content/live-copy.ts'
import { outcomeCopy } from '../content/outcome-copy.ts'
import { spendCopy } from '../content/spend-copy.ts'
import { adminPaths } from '../router/paths.ts'

/** A count beside a nav link: its figure as shown, and the link's whole name for a screen reader. */
export interface NavCount {
  value: number
  shown: string
  /** "Leads, 3 new": given whole, so no reader splits it. */
  name: string
}

export interface NavItem {
  /** The view's name, as the shell passes it in `current`. */
  id: string
  href: string
  label: string
  /**
   * A hook reading the count shown beside the link (undefined or 0: none). The
   * list of items never changes, so each item's hook is called in the same order on every render.
   */
  useCount?: (label: string) => NavCount | undefined
}

function useNewLeads(label: string): NavCount | undefined {
  const count = useNewLeadCount().data?.count ?? 0
  return { value: count, shown: liveCopy.navCount(count), name: `${label}${liveCopy.navCountSpoken(count)}` }
}

function useToChase(): NavCount | undefined {
  const count = useChaseCount().data?.total ?? 0
  return { value: count, shown: String(count), name: outcomeCopy.navCount(count) }
}

/** The inbox's navigation, in its order: one line per item, so a new screen or count is one more line. */
export const navItems: readonly NavItem[] = [
  { id: 'leads', href: adminPaths.leads, label: inboxCopy.nav.leads, useCount: useNewLeads },
  { id: 'board', href: adminPaths.board, label: inboxCopy.nav.board },
  { id: 'chase', href: adminPaths.chase, label: outcomeCopy.nav, useCount: useToChase },
  { id: 'spam', href: adminPaths.spam, label: inboxCopy.nav.spam },
  { id: 'funnel', href: adminPaths.funnel, label: inboxCopy.nav.funnel },
  { id: 'spend', href: adminPaths.spend, label: spendCopy.nav },
  { id: 'calls', href: adminPaths.calls, label: callsCopy.nav },
  { id: 'bookings', href: adminPaths.bookings, label: bookingCopy.page.nav },
  { id: 'account', href: adminPaths.account, label: inboxCopy.nav.account },
]
