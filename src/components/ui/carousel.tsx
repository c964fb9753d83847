import type { EmblaCarouselType, EmblaOptionsType } from 'embla-carousel'
import { useCallback, useEffect, useRef, useState, useSyncExternalStore, type KeyboardEvent, type ReactNode, type RefObject } from 'react'
import { cn } from '../../lib/cn.ts'

/** How far ahead of the viewport the carousel starts loading its engine. */
const LOAD_MARGIN = '600px'

/**
 * Embla's engine loads only when the carousel comes near the viewport: the
 * slides are plain prerendered HTML until then, so the first view pays no
 * script for a section below the fold.
 */
function useLazyEmbla(options: EmblaOptionsType | undefined) {
  const viewportRef = useRef<HTMLDivElement>(null)
  const [api, setApi] = useState<EmblaCarouselType>()

  useEffect(() => {
    const viewport = viewportRef.current
    if (!viewport) return
    let embla: EmblaCarouselType | undefined
    let cancelled = false
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return
        observer.disconnect()
        void import('embla-carousel').then(({ default: EmblaCarousel }) => {
          if (cancelled) return
          embla = EmblaCarousel(viewport, options)
          setApi(embla)
        })
      },
      { rootMargin: LOAD_MARGIN },
    )
    observer.observe(viewport)
    return () => {
      cancelled = true
      observer.disconnect()
      embla?.destroy()
    }
  }, [options])

  return [viewportRef, api] as const
}

interface CarouselProps {
  label: string
  previousLabel: string
  nextLabel: string
  options?: EmblaOptionsType
  /** Tailwind classes giving each slide its share of the view, e.g. 'basis-full sm:basis-1/2'. */
  slideClassName: string
  /**
   * Each slide's content; `inView` turns true once the carousel itself has been on
   * screen, so slides can hold back their images until then.
   */
  slides: readonly { key: string | number; content: (inView: boolean) => ReactNode }[]
}

/** True from the first time the element is on screen; stays true. */
function useSeenOnScreen(ref: RefObject<HTMLElement | null>) {
  const [seen, setSeen] = useState(false)
  useEffect(() => {
    const element = ref.current
    if (!element || seen) return
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setSeen(true)
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [ref, seen])
  return seen
}

function useScrollState(api: EmblaCarouselType | undefined, read: (api: EmblaCarouselType) => boolean) {
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

export function Carousel({ label, previousLabel, nextLabel, options, slideClassName, slides }: CarouselProps) {
  const [viewportRef, api] = useLazyEmbla(options)
  const inView = useSeenOnScreen(viewportRef)
  const canScrollPrev = useScrollState(api, (embla) => embla.canScrollPrev())
  const canScrollNext = useScrollState(api, (embla) => embla.canScrollNext())

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') api?.scrollPrev()
    else if (event.key === 'ArrowRight') api?.scrollNext()
    else return
    event.preventDefault()
  }

  return (
    // The spec asks for arrow keys on the carousel, so the region takes focus and key presses.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <div
      role="region"
      aria-roledescription="carousel"
      aria-label={label}
      tabIndex={0}
      onKeyDown={onKeyDown}
      className="relative rounded-2xl"
    >
      <div ref={viewportRef} className="overflow-hidden" data-carousel-viewport="">
        <div className="-ml-4 flex touch-pan-y">
          {slides.map((slide, index) => (
            <div
              key={slide.key}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${slides.length}`}
              className={cn('min-w-0 shrink-0 grow-0 pl-4', slideClassName)}
            >
              {slide.content(inView)}
            </div>
          ))}
        </div>
      </div>
      <div className="mt-6 flex justify-center gap-4">
        <CarouselButton label={previousLabel} disabled={!canScrollPrev} onClick={() => api?.scrollPrev()} direction="previous" />
        <CarouselButton label={nextLabel} disabled={!canScrollNext} onClick={() => api?.scrollNext()} direction="next" />
      </div>
    </div>
  )
}

interface CarouselButtonProps {
  label: string
  disabled: boolean
  onClick: () => void
  direction: 'previous' | 'next'
}

function CarouselButton({ label, disabled, onClick, direction }: CarouselButtonProps) {
  return (
    <button
      type="button"
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
      className="grid size-12 place-items-center rounded-full bg-white/10 text-white ring-1 ring-white/20 transition hover:bg-white/20 disabled:cursor-not-allowed disabled:opacity-40"
    >
      <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round">
        <path d={direction === 'previous' ? 'M15 18l-6-6 6-6' : 'M9 18l6-6-6-6'} />
      </svg>
    </button>
  )
}
