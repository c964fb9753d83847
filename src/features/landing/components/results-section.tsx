import { Carousel } from '../../../components/ui/carousel.tsx'
import { resultSlides } from '../../../content/result-slides.ts'
import { site } from '../../../content/site.ts'
import { track } from '../../../features-shared/track.ts'

const carouselOptions = { loop: true, align: 'start' } as const
const onSeen = () => track('results_viewed')
const onFirstMove = () => track('results_navigated')

export function ResultsSection() {
  return (
    <section aria-labelledby="results-heading" className="mx-auto max-w-6xl px-4 pb-20 sm:px-6">
      <h2 id="results-heading" className="text-center text-3xl font-extrabold sm:text-4xl">
        {site.results.heading}
      </h2>
      <p className="mt-3 mb-8 text-center text-lg text-mist">{site.results.intro}</p>
      <Carousel
        label={site.results.carouselLabel}
        previousLabel={site.results.previousLabel}
        nextLabel={site.results.nextLabel}
        options={carouselOptions}
        onSeen={onSeen}
        onFirstMove={onFirstMove}
        slideClassName="basis-full sm:basis-1/2 lg:basis-1/3"
        slides={resultSlides.map((slide, index) => ({
          key: slide.id,
          // The first image loads lazily as usual. The others sit beside it, outside the
          // view but within the browser's lazy-loading distance: they wait until the
          // carousel is on screen, so a visitor who never scrolls never pays for them.
          content: (inView) => (
            <img
              src={index === 0 || inView ? slide.src : undefined}
              srcSet={index === 0 || inView ? slide.srcSet : undefined}
              sizes="(min-width: 1024px) 360px, (min-width: 640px) 50vw, 100vw"
              width={slide.width}
              height={slide.height}
              alt={slide.alt}
              loading="lazy"
              decoding="async"
              className="h-auto w-full rounded-xl bg-white/5"
            />
          ),
        }))}
      />
    </section>
  )
}
