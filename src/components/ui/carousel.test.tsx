import { act, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { EmblaOptionsType } from 'embla-carousel'
import { renderToString } from 'react-dom/server'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { keepEarlyCarouselKeys } from './carousel-keys.ts'
import { Carousel } from './carousel.tsx'
import { loadEmbla } from './load-embla.ts'

// Only the arrival of Embla's chunk is in the test's hands; the engine itself is the real one.
vi.mock('./load-embla.ts', () => ({ loadEmbla: vi.fn() }))

const SLIDE_WIDTH = 100
const SLIDES_IN_VIEW = 3

/**
 * jsdom lays nothing out, and Embla measures offsets: give the track room for
 * three slides side by side, as on a wide screen. Embla also reads the last
 * slide's margin, which jsdom knows only from a style sheet.
 */
function layOutSlides() {
  const sheet = document.head.appendChild(document.createElement('style'))
  sheet.textContent = '[aria-roledescription="slide"] { margin-right: 0px }'
  const offset = (of: (element: HTMLElement) => number) =>
    function (this: HTMLElement) {
      return of(this)
    }
  const slideIndex = (element: HTMLElement) => Number(element.getAttribute('aria-label')?.split(' ')[0]) - 1
  const isSlide = (element: HTMLElement) => element.getAttribute('aria-roledescription') === 'slide'
  const isTrack = (element: HTMLElement) => element.parentElement?.hasAttribute('data-carousel-viewport') === true
  vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockImplementation(
    offset((element) => (isSlide(element) ? SLIDE_WIDTH : isTrack(element) ? SLIDE_WIDTH * SLIDES_IN_VIEW : 0)),
  )
  vi.spyOn(HTMLElement.prototype, 'offsetLeft', 'get').mockImplementation(
    offset((element) => (isSlide(element) ? slideIndex(element) * SLIDE_WIDTH : 0)),
  )
}

const embla = await vi.importActual<Awaited<ReturnType<typeof loadEmbla>>>('embla-carousel')

/** Holds Embla's chunk back, as a slow network does, until `arrive` is called. */
function holdEngine() {
  let release = () => {}
  const arrived = new Promise<void>((resolve) => (release = resolve))
  vi.mocked(loadEmbla).mockImplementation(async () => {
    await arrived
    return embla
  })
  // The engine's arrival updates the carousel: let React take it in before the test looks.
  return () =>
    act(async () => {
      release()
      await arrived
    })
}

const slides = Array.from({ length: 6 }, (_, index) => ({ key: index, content: () => <p>Result {index + 1}</p> }))

function ResultCarousel({
  options = { loop: true, align: 'start' },
  onFirstMove,
}: {
  options?: EmblaOptionsType
  onFirstMove?: () => void
}) {
  return (
    <Carousel
      label="Result screenshots"
      previousLabel="Previous slide"
      nextLabel="Next slide"
      options={options}
      slideClassName="basis-1/3"
      slides={slides}
      onFirstMove={onFirstMove}
    />
  )
}

const carousel = () => screen.getByRole('region', { name: 'Result screenshots' })
const status = () => within(carousel()).getByRole('status')

beforeEach(() => {
  vi.mocked(loadEmbla).mockReset()
  layOutSlides()
})

it('applies an arrow key pressed before its engine has loaded once the engine is there', async () => {
  const user = userEvent.setup()
  const arrive = holdEngine()
  const onFirstMove = vi.fn()
  render(<ResultCarousel onFirstMove={onFirstMove} />)
  expect(status()).toHaveTextContent('Slide 1 of 6')

  await user.tab()
  expect(carousel()).toHaveFocus()
  // Far from the screen as far as jsdom knows: the focus alone asked for the engine.
  expect(loadEmbla).toHaveBeenCalledTimes(1)
  await user.keyboard('{ArrowRight}')
  expect(status()).toHaveTextContent('Slide 1 of 6')
  expect(screen.getByRole('button', { name: 'Next slide' })).toBeDisabled()

  await arrive()
  expect(status()).toHaveTextContent('Slide 2 of 6')
  // The queued key counts as the visitor's first move.
  expect(onFirstMove).toHaveBeenCalledTimes(1)
  expect(screen.getByRole('button', { name: 'Next slide' })).toBeEnabled()

  await user.click(screen.getByRole('button', { name: 'Next slide' }))
  expect(status()).toHaveTextContent('Slide 3 of 6')
  await user.keyboard('{ArrowLeft}')
  expect(status()).toHaveTextContent('Slide 2 of 6')
})

it('applies the keys pressed meanwhile in order, each once', async () => {
  const user = userEvent.setup()
  const arrive = holdEngine()
  // Without looping, order shows: ArrowLeft at the first slide does nothing.
  render(<ResultCarousel options={{ align: 'start' }} />)
  await user.tab()
  await user.keyboard('{ArrowLeft}{ArrowRight}{ArrowRight}')

  await arrive()
  // The net move would show 2, the keys twice 4, the rights before the left 2.
  expect(status()).toHaveTextContent('Slide 3 of 6')
  expect(loadEmbla).toHaveBeenCalledTimes(1)
})

it('keeps an arrow key pressed on the prerendered carousel before the page hydrated', async () => {
  const user = userEvent.setup()
  const arrive = holdEngine()
  const container = document.body.appendChild(document.createElement('div'))
  container.innerHTML = renderToString(<ResultCarousel />)
  const stopKeeping = keepEarlyCarouselKeys()
  try {
    await user.tab()
    expect(carousel()).toHaveFocus()
    await user.keyboard('{ArrowRight}')
    expect(loadEmbla).not.toHaveBeenCalled()

    render(<ResultCarousel />, { container, hydrate: true })
    // Hydrated with the focus already on it: the engine is asked for without another key.
    await vi.waitFor(() => expect(loadEmbla).toHaveBeenCalledTimes(1))
    expect(status()).toHaveTextContent('Slide 1 of 6')

    await arrive()
    expect(status()).toHaveTextContent('Slide 2 of 6')
    // From here React has the keys; the early listener lets them be.
    await user.keyboard('{ArrowRight}')
    expect(status()).toHaveTextContent('Slide 3 of 6')
  } finally {
    stopKeeping()
  }
})

afterEach(() => {
  document.head.replaceChildren()
  document.body.replaceChildren()
})
