import { screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { publicConfig } from '../config/public-config.ts'
import { resultSlides } from '../content/result-slides.ts'
import { site } from '../content/site.ts'
import { renderRoute } from '../testing/render.tsx'
import { AppErrorBoundary } from './app.tsx'

describe('the landing page at /', () => {
  it('shows the sections in the spec order', () => {
    renderRoute('/')
    const headline = screen.getByRole('heading', { level: 1, name: site.hero.headline })
    expect(screen.getByText(site.brand)).toBeVisible()
    expect(screen.getByText(site.hero.subtext)).toBeVisible()

    const video = screen.getByTitle(site.video.title)
    expect(video.tagName).toBe('IFRAME')
    expect(video).toHaveAttribute('src', publicConfig.videoUrl)
    const start = screen.getByText(site.video.startLabel)
    expect(start.tagName).toBe('BUTTON')
    expect(start).not.toBeVisible()

    const results = screen.getByRole('heading', { name: 'Results' })
    expect(screen.getByText(site.results.intro)).toBeVisible()
    const countdown = screen.getByRole('heading', { name: site.countdown.heading })

    const order = [headline, video, results, countdown]
    order.slice(1).forEach((element, index) => {
      expect(order[index]!.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    })
  })

  it('has a carousel of six lazily loaded result images with controls', () => {
    renderRoute('/')
    const carousel = screen.getByRole('region', { name: site.results.carouselLabel })
    expect(carousel).toHaveAttribute('aria-roledescription', 'carousel')
    const slides = within(carousel).getAllByRole('group')
    expect(slides.map((slide) => slide.getAttribute('aria-label'))).toEqual(resultSlides.map((_, i) => `${i + 1} of 6`))
    for (const slide of resultSlides) {
      const image = within(carousel).getByRole('img', { name: slide.alt })
      expect(image).toHaveAttribute('loading', 'lazy')
      expect(image).toHaveAttribute('width', '400')
      expect(image).toHaveAttribute('height', '500')
    }
    expect(within(carousel).getByRole('button', { name: 'Previous slide' })).toBeInTheDocument()
    expect(within(carousel).getByRole('button', { name: 'Next slide' })).toBeInTheDocument()
  })
})

describe('an unknown path', () => {
  it('shows the 404 page, links home and logs the path', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    renderRoute('/no/such/page')
    expect(screen.getByText('Oops! Page not found')).toBeVisible()
    expect(warn).toHaveBeenCalledWith(expect.any(String), '/no/such/page')

    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/')
  })
})

describe('an unhandled error while rendering', () => {
  it.each([
    ['the message of an error', new Error('The results could not be drawn'), 'The results could not be drawn'],
    [
      'the status text of a thrown HTTP answer',
      new Response(null, { status: 503, statusText: 'Service Unavailable' }),
      'Service Unavailable',
    ],
  ])("shows 'Unexpected Application Error!' with %s", (_case, thrown, shown) => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const Broken = () => {
      throw thrown
    }
    renderRoute(
      '/',
      <AppErrorBoundary>
        <Broken />
      </AppErrorBoundary>,
    )
    expect(screen.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible()
    expect(screen.getByText(shown)).toBeVisible()
  })

  it('is caught by the app itself, for every page', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    // A browser whose IntersectionObserver fails, as the carousel and images need one.
    vi.stubGlobal('IntersectionObserver', function IntersectionObserver() {
      throw new Error('IntersectionObserver is not available')
    })
    try {
      renderRoute('/')
      expect(screen.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible()
      expect(screen.getByText('IntersectionObserver is not available')).toBeVisible()
    } finally {
      vi.unstubAllGlobals()
    }
  })
})
