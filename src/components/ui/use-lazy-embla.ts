import type { EmblaCarouselType, EmblaOptionsType } from 'embla-carousel'
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react'
import { useSeenOnScreen } from '../../hooks/use-seen-on-screen.ts'

/** How far ahead of the viewport the carousel starts loading its engine. */
const LOAD_MARGIN = '600px'

/**
 * Embla's engine loads only when the carousel comes near the viewport: the
 * slides are plain prerendered HTML until then, so the first view pays no
 * script for a section below the fold.
 */
export function useLazyEmbla(options: EmblaOptionsType | undefined) {
  const viewportRef = useRef<HTMLDivElement>(null)
  const [api, setApi] = useState<EmblaCarouselType>()
  const near = useSeenOnScreen(viewportRef, LOAD_MARGIN)

  useEffect(() => {
    const viewport = viewportRef.current
    if (!near || !viewport) return
    let embla: EmblaCarouselType | undefined
    let cancelled = false
    void import('embla-carousel').then(({ default: EmblaCarousel }) => {
      if (cancelled) return
      embla = EmblaCarousel(viewport, options)
      setApi(embla)
    })
    return () => {
      cancelled = true
      embla?.destroy()
    }
  }, [near, options])

  return [viewportRef, api] as const
}

/** Whether Embla can scroll one way (read by `read`), kept in step with its events. */
export function useScrollState(api: EmblaCarouselType | undefined, read: (api: EmblaCarouselType) => boolean) {
  const subscribe = useCallback(
    (notify: () => void) => {
      api?.on('init', notify).on('select', notify).on('reInit', notify)
      return () => {
        api?.off('init', notify).off('select', notify).off('reInit', notify)
      }
    },
    [api],
  )
  return useSyncExternalStore(
    subscribe,
    () => (api ? read(api) : false),
    () => false,
  )
}
