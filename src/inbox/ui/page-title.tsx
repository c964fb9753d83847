import { useEffect, useRef, type ReactNode } from 'react'
import { inboxCopy } from '../content/inbox-copy.ts'
import { takeTitleFocus } from '../router/use-location.ts'

/**
 * The view's heading, also the tab's title so that history and tabs tell views
 * apart. After a change of view it takes the focus, so keyboard and screen
 * reader users start at the top of the new view, as after a page load.
 */
export function PageTitle({ children }: { children: ReactNode }) {
  const text = typeof children === 'string' ? children : undefined
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    if (takeTitleFocus()) heading.current?.focus()
  }, [])
  useEffect(() => {
    document.title = text ? `${text} · ${inboxCopy.title}` : inboxCopy.title
  }, [text])
  return (
    <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold focus:outline-none sm:text-3xl">
      {children}
    </h1>
  )
}
