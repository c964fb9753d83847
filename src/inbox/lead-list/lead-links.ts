import { ADMIN_PAGE_PATH } from '../../../common/admin-api.ts'

const LEAD_PATH = new RegExp(`^${ADMIN_PAGE_PATH}/leads/\\d+$`)

/**
 * The list's leads as links to their pages, in reading order, one per lead
 * (its first shown link): whatever the rows' markup, table or cards, only the
 * links on screen count, so the layout hidden at this width is skipped.
 */
export function leadLinks(root: ParentNode = document): HTMLAnchorElement[] {
  const seen = new Set<string>()
  return [...root.querySelectorAll<HTMLAnchorElement>('main a[href]')].filter((link) => {
    const url = new URL(link.href, window.location.href)
    if (url.origin !== window.location.origin || !LEAD_PATH.test(url.pathname) || link.getClientRects().length === 0)
      return false
    if (seen.has(url.pathname)) return false
    seen.add(url.pathname)
    return true
  })
}

/** Moves the focus to the next (`step` 1) or previous (-1) lead's link from where it is; false when there is none. */
export function moveLeadFocus(step: 1 | -1): boolean {
  const links = leadLinks()
  const active = document.activeElement
  let target: HTMLAnchorElement | undefined
  const index = links.findIndex((link) => link === active || link.contains(active))
  if (index >= 0) target = links[index + step]
  else if (active === null || active === document.body) target = links[0]
  else {
    // From elsewhere in a row or the page: the nearest lead after (j) or before (k) the focus.
    const after = (link: HTMLAnchorElement) =>
      Boolean(active.compareDocumentPosition(link) & Node.DOCUMENT_POSITION_FOLLOWING)
    target = step === 1 ? links.find(after) : [...links].reverse().find((link) => !after(link))
  }
  if (target === undefined) return false
  target.focus()
  return true
}

const TYPED_INPUTS = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'image', 'file', 'color', 'range'])

/** Whether keys pressed here are someone typing: a text field, a list box, an editable area. */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement)
    return true
  return target instanceof HTMLInputElement && !TYPED_INPUTS.has(target.type)
}
