/** One slide back (-1) or on (1). */
export type CarouselStep = -1 | 1

const CAROUSEL = '[aria-roledescription="carousel"]'

/** The step an arrow key asks of a focused carousel; none when a modifier makes it a browser shortcut. */
export function stepForKey(
  event: Pick<KeyboardEvent, 'key' | 'altKey' | 'ctrlKey' | 'metaKey'>,
): CarouselStep | undefined {
  if (event.altKey || event.ctrlKey || event.metaKey) return undefined
  if (event.key === 'ArrowLeft') return -1
  if (event.key === 'ArrowRight') return 1
  return undefined
}

const earlySteps = new WeakMap<Element, CarouselStep[]>()

/**
 * A prerendered carousel takes the focus before React listens: arrow keys
 * pressed on it until the page hydrates are kept for it to apply then. The
 * listener sits on the document, past React's root, so a key React already
 * handled arrives marked (defaultPrevented) and is not kept again.
 */
export function keepEarlyCarouselKeys() {
  const keep = (event: KeyboardEvent) => {
    const step = stepForKey(event)
    const region = event.target instanceof Element ? event.target.closest(CAROUSEL) : null
    if (!step || !region || event.defaultPrevented) return
    event.preventDefault()
    earlySteps.set(region, [...(earlySteps.get(region) ?? []), step])
  }
  document.addEventListener('keydown', keep)
  return () => document.removeEventListener('keydown', keep)
}

/** The steps kept for this carousel before it hydrated, oldest first; each is given out once. */
export function takeEarlyCarouselSteps(region: Element): CarouselStep[] {
  const steps = earlySteps.get(region) ?? []
  earlySteps.delete(region)
  return steps
}
