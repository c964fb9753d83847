import type { EmblaCarouselType } from 'embla-carousel'
import { useCallback, useEffect, useRef, type RefObject } from 'react'
import { takeEarlyCarouselSteps, type CarouselStep } from './carousel-keys.ts'

/**
 * Moves the carousel a step at a time, each step once and in order, whether
 * its engine is there yet or not. A step asked for before it loads (an arrow
 * key pressed as the focus lands, even before the page hydrated) starts the
 * load and waits for it, rather than being dropped: on a slow phone the
 * visitor can press long before the engine arrives.
 */
export function useCarouselMoves(
  api: EmblaCarouselType | undefined,
  regionRef: RefObject<HTMLElement | null>,
  load: () => void,
) {
  const pending = useRef<CarouselStep[]>([])

  const flush = useCallback((embla: EmblaCarouselType) => {
    // Embla moves its target at once, so steps taken back to back add up.
    for (const step of pending.current.splice(0)) {
      if (step < 0) embla.scrollPrev()
      else embla.scrollNext()
    }
  }, [])

  useEffect(() => {
    const region = regionRef.current
    if (!region) return
    const early = takeEarlyCarouselSteps(region)
    // Pressed before hydration, so before anything queued since.
    pending.current.unshift(...early)
    if (early.length > 0 || region.contains(document.activeElement)) load()
  }, [regionRef, load])

  useEffect(() => {
    if (api) flush(api)
  }, [api, flush])

  return useCallback(
    (step: CarouselStep) => {
      pending.current.push(step)
      if (api) flush(api)
      else load()
    },
    [api, flush, load],
  )
}
