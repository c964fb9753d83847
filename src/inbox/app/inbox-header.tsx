import { useNewLeadCount } from '../api/live.ts'
import { useSignedIn, useSignOut } from '../api/session.ts'
import { bookingCopy } from '../content/booking-copy.ts'
import { callsCopy } from '../content/calls-copy.ts'
import { inboxCopy } from '../content/inbox-copy.ts'
import { InboxLink } from '../router/inbox-link.tsx'
import { adminPaths } from '../router/paths.ts'
import { NewLeadsAnnouncer, NewLeadsBadge, newLeadsLinkName } from './new-leads-count.tsx'

const links = [
  { id: 'leads', href: adminPaths.leads, label: inboxCopy.nav.leads },
  { id: 'board', href: adminPaths.board, label: inboxCopy.nav.board },
  { id: 'spam', href: adminPaths.spam, label: inboxCopy.nav.spam },
  { id: 'funnel', href: adminPaths.funnel, label: inboxCopy.nav.funnel },
  { id: 'calls', href: adminPaths.calls, label: callsCopy.nav },
  { id: 'bookings', href: adminPaths.bookings, label: bookingCopy.page.nav },
  { id: 'account', href: adminPaths.account, label: inboxCopy.nav.account },
] as const

export function InboxHeader({ current }: { current: string }) {
  const { email, timeZone } = useSignedIn()
  const signOut = useSignOut()
  const newLeads = useNewLeadCount().data?.count ?? 0
  return (
    <header className="bg-ink text-white">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3 sm:px-6">
        <p className="font-bold text-gold-strong">{inboxCopy.title}</p>
        <nav aria-label={inboxCopy.nav.label} className="order-last w-full sm:order-none sm:w-auto">
          <ul className="flex flex-wrap gap-1">
            {links.map((link) => (
              <li key={link.id}>
                <InboxLink
                  href={link.href}
                  aria-current={current === link.id ? 'page' : undefined}
                  aria-label={link.id === 'leads' ? newLeadsLinkName(link.label, newLeads) : undefined}
                  className="inline-flex min-h-11 items-center rounded-lg px-3 font-semibold text-mist hover:bg-white/10 hover:text-white focus-visible:outline-gold-strong aria-[current=page]:bg-white/15 aria-[current=page]:text-white"
                >
                  {link.label}
                  {link.id === 'leads' && <NewLeadsBadge count={newLeads} />}
                </InboxLink>
              </li>
            ))}
          </ul>
        </nav>
        <NewLeadsAnnouncer />
        <div className="ml-auto flex items-center gap-3">
          <span className="hidden text-sm text-mist md:inline">{email}</span>
          <span className="text-sm text-mist">{callsCopy.timesIn(timeZone)}</span>
          <button
            type="button"
            onClick={() => signOut.mutate()}
            disabled={signOut.isPending}
            className="min-h-11 rounded-full px-4 font-semibold text-white ring-1 ring-white/40 hover:bg-white/10 focus-visible:outline-gold-strong"
          >
            {inboxCopy.nav.signOut}
          </button>
        </div>
      </div>
    </header>
  )
}
