import type { ComponentProps, MouseEvent } from 'react'
import { navigate } from './use-location.ts'

/**
 * A plain link that the inbox follows itself: it opens in a new tab, can be
 * copied, and works without the inbox's help; a plain click stays in the page.
 */
export function InboxLink({ href, onClick, children, ...props }: ComponentProps<'a'> & { href: string }) {
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event)
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return
    event.preventDefault()
    navigate(href)
  }
  return (
    <a href={href} onClick={follow} {...props}>
      {children}
    </a>
  )
}
