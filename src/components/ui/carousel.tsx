import type { EmblaCarouselType, EmblaOptionsType } from 'embla-carousel'
import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react'
import { useSeenOnScreen } from '../../hooks/use-seen-on-screen.ts'
import { cn } from '../../lib/cn.ts'
import { stepForKey } from './carousel-keys.ts'
import { useCarouselMoves } from './use-carousel-moves.ts'
import { useEmblaState, useLazyEmbla } from './use-lazy-embla.ts'

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

export function Carousel({
  label,
  previousLabel,
  nextLabel,
  options,
  slideClassName,
  slides,
  onSeen,
  onFirstMove,
}: CarouselProps) {
  const regionRef = useRef<HTMLDivElement>(null)
  const [viewportRef, api, load] = useLazyEmbla(options)
  const inView = useSeenOnScreen(viewportRef)
  useEffect(() => {
    if (inView) onSeen?.()
  }, [inView, onSeen])
  useFirstMove(api, onFirstMove)
  const canScrollPrev = useEmblaState(api, (embla) => embla.canScrollPrev(), false)
  const canScrollNext = useEmblaState(api, (embla) => embla.canScrollNext(), false)
  const leading = useEmblaState(api, leadingSlide, 0)
  // Last, so the first-move listener above is in place before queued steps are applied.
  const move = useCarouselMoves(api, regionRef, load)

  const onKeyDown = (event: KeyboardEvent) => {
    const step = stepForKey(event)
    if (!step) return
    move(step)
    event.preventDefault()
  }

  return (
    // The spec asks for arrow keys on the carousel, so the region takes focus and key presses.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <div
      ref={regionRef}
      role="region"
      aria-roledescription="carousel"
      aria-label={label}
      tabIndex={0}
      onKeyDown={onKeyDown}
      // Reaching for it starts loading the engine, in case it is not near enough to have started yet.
      onFocus={load}
      onPointerDown={load}
      className="relative rounded-2xl"
    >
      <p role="status" className="sr-only">{`Slide ${leading + 1} of ${slides.length}`}</p>
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
        <CarouselButton label={previousLabel} disabled={!canScrollPrev} onClick={() => move(-1)} direction="previous" />
        <CarouselButton label={nextLabel} disabled={!canScrollNext} onClick={() => move(1)} direction="next" />
      </div>
    </div>
  )
}

/** The first slide of the selected snap: the one at the carousel's leading edge. */
function leadingSlide(embla: EmblaCarouselType) {
  return embla.internalEngine().slideRegistry[embla.selectedScrollSnap()]?.[0] ?? 0
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
      <svg
        aria-hidden="true"
        focusable="false"
        viewBox="0 0 24 24"
        className="size-6"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d={direction === 'previous' ? 'M15 18l-6-6 6-6' : 'M9 18l6-6-6-6'} />
      </svg>
    </button>
  )
}
