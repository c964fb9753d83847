import type { EmblaCarouselType, EmblaOptionsType } from 'embla-carousel'
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react'
import { useSeenOnScreen } from '../../hooks/use-seen-on-screen.ts'
import { loadEmbla } from './load-embla.ts'

/** How far ahead of the viewport the carousel starts loading its engine. */
const LOAD_MARGIN = '600px'

/**
 * Embla's engine loads only when the carousel comes near the viewport, or when
 * the visitor reaches for it first (`load`, for focus and pointer down): the
 * slides are plain prerendered HTML until then, so the first view pays no
 * script for a section below the fold.
 */
export function useLazyEmbla(options: EmblaOptionsType | undefined) {
  const viewportRef = useRef<HTMLDivElement>(null)
  const [api, setApi] = useState<EmblaCarouselType>()
  const near = useSeenOnScreen(viewportRef, LOAD_MARGIN)
  const [asked, setAsked] = useState(false)
  const wanted = near || asked
  const load = useCallback(() => setAsked(true), [])

  useEffect(() => {
    const viewport = viewportRef.current
    if (!wanted || !viewport) return
    let embla: EmblaCarouselType | undefined
    let cancelled = false
    void loadEmbla().then(({ default: EmblaCarousel }) => {
      if (cancelled) return
      embla = EmblaCarousel(viewport, options)
      setApi(embla)
    })
    return () => {
      cancelled = true
      embla?.destroy()
    }
  }, [wanted, options])

  return [viewportRef, api, load] as const
}

/** What `read` makes of Embla's state, kept in step with its events; `initial` until it is there. */
export function useEmblaState<T>(api: EmblaCarouselType | undefined, read: (api: EmblaCarouselType) => T, initial: T) {
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
    () => (api ? read(api) : initial),
    () => initial,
  )
}
