import { useEffect, useState, type RefObject } from 'react'

/**
 * True from the first time the element is on screen, or within `margin` of it
 * (a CSS margin, e.g. '600px'); stays true.
 */
export function useSeenOnScreen(ref: RefObject<HTMLElement | null>, margin?: string) {
  const [seen, setSeen] = useState(false)
  useEffect(() => {
    const element = ref.current
    if (!element || seen) return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setSeen(true)
      },
      { rootMargin: margin },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [ref, seen, margin])
  return seen
}
