import { useSignedIn, useSignOut } from '../api/session.ts'
import { adminCopy } from '../content/admin-copy.ts'
import { adminPaths } from '../paths.ts'
import { AdminLink } from './admin-link.tsx'

const links = [
  { id: 'leads', href: adminPaths.leads, label: adminCopy.nav.leads },
  { id: 'spam', href: adminPaths.spam, label: adminCopy.nav.spam },
  { id: 'funnel', href: adminPaths.funnel, label: adminCopy.nav.funnel },
  { id: 'erasure', href: adminPaths.erasure, label: adminCopy.nav.erasure },
  { id: 'account', href: adminPaths.account, label: adminCopy.nav.account },
] as const

export function AdminHeader({ current }: { current: string }) {
  const { email } = useSignedIn()
  const signOut = useSignOut()
  return (
    <header className="bg-ink text-white">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3 sm:px-6">
        <p className="font-bold text-gold-strong">{adminCopy.title}</p>
        <nav aria-label={adminCopy.nav.label} className="order-last w-full sm:order-none sm:w-auto">
          <ul className="flex flex-wrap gap-1">
            {links.map((link) => (
              <li key={link.id}>
                <AdminLink
                  href={link.href}
                  aria-current={current === link.id ? 'page' : undefined}
                  className="inline-flex min-h-11 items-center rounded-lg px-3 font-semibold text-mist hover:bg-white/10 hover:text-white focus-visible:outline-gold-strong aria-[current=page]:bg-white/15 aria-[current=page]:text-white"
                >
                  {link.label}
                </AdminLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-3">
          <span className="hidden text-sm text-mist md:inline">{email}</span>
          <button
            type="button"
            onClick={() => signOut.mutate()}
            disabled={signOut.isPending}
            className="min-h-11 rounded-full px-4 font-semibold text-white ring-1 ring-white/40 hover:bg-white/10 focus-visible:outline-gold-strong"
          >
            {adminCopy.nav.signOut}
          </button>
        </div>
      </div>
    </header>
  )
}
