import { useEffect, type ReactNode } from 'react'
import { adminCopy } from '../content/admin-copy.ts'

/** The view's heading, also the tab's title so that history and tabs tell views apart. */
export function PageTitle({ children, title }: { children: ReactNode; title?: string }) {
  const text = title ?? (typeof children === 'string' ? children : undefined)
  useEffect(() => {
    document.title = text ? `${text} · ${adminCopy.title}` : adminCopy.title
  }, [text])
  return <h1 className="text-2xl font-bold sm:text-3xl">{children}</h1>
}
