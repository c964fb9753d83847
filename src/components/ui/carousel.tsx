import type { EmblaOptionsType } from 'embla-carousel'
import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react'
import { useSeenOnScreen } from '../../hooks/use-seen-on-screen.ts'
import { cn } from '../../lib/cn.ts'
import { useLazyEmbla, useScrollState } from './use-lazy-embla.ts'

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
  /** Called once, when the carousel is first on screen. */
  onSeen?: () => void
  /** Called once, the first time the visitor moves it (buttons, arrow keys or a swipe). */
  onFirstMove?: () => void
}

export function Carousel({ label, previousLabel, nextLabel, options, slideClassName, slides, onSeen, onFirstMove }: CarouselProps) {
  const [viewportRef, api] = useLazyEmbla(options)
  const inView = useSeenOnScreen(viewportRef)
  useEffect(() => {
    if (inView) onSeen?.()
  }, [inView, onSeen])
  useFirstMove(api, onFirstMove)
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

/** Embla's select event follows every move, whatever made it. */
function useFirstMove(api: ReturnType<typeof useLazyEmbla>[1], onFirstMove: (() => void) | undefined) {
  const moved = useRef(false)
  useEffect(() => {
    if (!api || !onFirstMove) return
    const select = () => {
      if (moved.current) return
      moved.current = true
      onFirstMove()
    }
    api.on('select', select)
    return () => {
      api.off('select', select)
    }
  }, [api, onFirstMove])
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
