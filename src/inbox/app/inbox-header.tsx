import { useEffect, useId, useRef, useState } from 'react'
import { cn } from '../../lib/cn.ts'
import { useSignedIn, useSignOut } from '../api/session.ts'
import { callsCopy } from '../content/calls-copy.ts'
import { inboxCopy } from '../content/inbox-copy.ts'
import { InboxLink } from '../router/inbox-link.tsx'
import { mayLeave } from '../router/leave-guard.ts'
import { inboxTimeZone } from '../ui/format.ts'
import { NavBadge } from './nav-badge.tsx'
import { navItems, type NavCount } from './nav-items.ts'
import { NewLeadsAnnouncer } from './new-leads-count.tsx'

const copy = inboxCopy.nav
const noCount = (): NavCount | undefined => undefined

/** Each item's count, read by its own hook; the items never change, so the hooks run in the same order each time. */
function useNavCounts(): (NavCount | undefined)[] {
  return navItems.map((item) => (item.useCount ?? noCount)(item.label))
}

const shownCount = (count: NavCount | undefined) => (count && count.value > 0 ? count : undefined)

/**
 * The title, the navigation and signing out, on one row at every width: from
 * 1024 px the links stand in the row; below, a menu button (a disclosure)
 * unfolds them under the header, with their counts also on the button, so a
 * phone's header stays one row however many links and counts there are.
 */
export function InboxHeader({ current }: { current: string }) {
  const { email } = useSignedIn()
  const timeZone = inboxTimeZone()
  const signOut = useSignOut()
  const counts = useNavCounts()
  const listId = useId()
  const nav = useRef<HTMLElement>(null)
  const button = useRef<HTMLButtonElement>(null)
  const [open, setOpen] = useState(false)
  // Folded again once a link has led elsewhere: the new view's title takes the focus.
  const [openedOn, setOpenedOn] = useState(current)
  if (openedOn !== current) {
    setOpenedOn(current)
    setOpen(false)
  }

  useEffect(() => {
    if (!open) return
    // A tap or click outside folds it, leaving the focus where it went.
    const outside = (event: PointerEvent) => {
      if (event.target instanceof Node && !nav.current?.contains(event.target)) setOpen(false)
    }
    // Escape folds it and hands the focus back to the button when it was in the menu.
    const escape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      event.preventDefault()
      setOpen(false)
      if (nav.current?.contains(document.activeElement)) button.current?.focus()
    }
    document.addEventListener('pointerdown', outside)
    document.addEventListener('keydown', escape)
    return () => {
      document.removeEventListener('pointerdown', outside)
      document.removeEventListener('keydown', escape)
    }
  }, [open])

  const counted = navItems.flatMap((item, index) => {
    const count = shownCount(counts[index])
    return count ? [{ id: item.id, count }] : []
  })

  return (
    <header className="relative bg-ink text-white">
      <div className="mx-auto flex max-w-7xl items-center gap-x-3 px-4 py-3 sm:px-6 lg:flex-wrap lg:gap-x-6 lg:gap-y-2">
        {/* The zone under the title, so naming it never costs the row a link's room. */}
        <div className="min-w-0">
          <p className="font-bold text-gold-strong">{inboxCopy.title}</p>
          <p className="hidden text-xs text-mist sm:block">{callsCopy.timesIn(timeZone)}</p>
        </div>
        <nav ref={nav} aria-label={copy.label}>
          <button
            ref={button}
            type="button"
            aria-expanded={open}
            aria-controls={listId}
            onClick={() => setOpen(!open)}
            className="inline-flex min-h-11 items-center gap-1 rounded-full px-4 font-semibold text-white ring-1 ring-white/40 hover:bg-white/10 focus-visible:outline-gold-strong lg:hidden"
          >
            {copy.menu}
            {counted.map(({ id, count }) => (
              <NavBadge key={id} shown={count.shown} />
            ))}
            {counted.length > 0 && (
              <span className="sr-only">{`: ${counted.map(({ count }) => count.name).join('; ')}`}</span>
            )}
          </button>
          <ul
            id={listId}
            className={cn(
              open ? 'flex' : 'hidden',
              'absolute inset-x-0 top-full z-30 flex-col gap-1 bg-ink px-4 pb-4 shadow-lg sm:px-6',
              'lg:static lg:flex lg:flex-row lg:flex-wrap lg:bg-transparent lg:p-0 lg:shadow-none',
            )}
          >
            {navItems.map((item, index) => {
              const count = shownCount(counts[index])
              return (
                <li key={item.id}>
                  <InboxLink
                    href={item.href}
                    onClick={() => setOpen(false)}
                    aria-current={current === item.id ? 'page' : undefined}
                    aria-label={count?.name}
                    className="flex min-h-11 items-center rounded-lg px-3 font-semibold text-mist hover:bg-white/10 hover:text-white focus-visible:outline-gold-strong aria-[current=page]:bg-white/15 aria-[current=page]:text-white lg:inline-flex"
                  >
                    {item.label}
                    {count && <NavBadge shown={count.shown} />}
                  </InboxLink>
                </li>
              )
            })}
          </ul>
        </nav>
        <NewLeadsAnnouncer />
        <div className="ml-auto flex items-center gap-3">
          <span className="hidden text-sm text-mist 2xl:inline">{email}</span>
          <button
            type="button"
            onClick={() => {
              if (mayLeave()) signOut.mutate()
            }}
            disabled={signOut.isPending}
            className="min-h-11 rounded-full px-4 font-semibold whitespace-nowrap text-white ring-1 ring-white/40 hover:bg-white/10 focus-visible:outline-gold-strong"
          >
            {copy.signOut}
          </button>
        </div>
      </div>
    </header>
  )
}
