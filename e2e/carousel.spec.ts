import type { Page } from '@playwright/test'
import { expect, test } from './support/fixtures.ts'

/** What the spec says each result screenshot's alt text describes, in slide order. */
const SPEC_ALT_TEXTS = [
  /34M views.*86% growth/i,
  /professional dashboard.*19\.6M views/i,
  /3\.5M views.*high engagement/i,
  /1M views.*99\.8%.*non-followers/i,
  /21\.2M views.*1\.6M interactions/i,
  /detailed analytics.*3\.5M views/i,
]

const carousel = (page: Page) => page.locator('[aria-roledescription="carousel"]')

const slides = (page: Page) => carousel(page).getByRole('group').and(page.locator('[aria-roledescription="slide"]'))

/** The slide whose picture starts at the carousel's left edge, e.g. '2 of 6'. */
function leadingSlide(page: Page): Promise<string | null> {
  return carousel(page).evaluate((region) => {
    const left = region.getBoundingClientRect().left
    let best: { label: string | null; distance: number } = { label: null, distance: Infinity }
    for (const slide of Array.from(region.querySelectorAll('[aria-roledescription="slide"]'))) {
      const picture = slide.querySelector('img') ?? slide
      const distance = Math.abs(picture.getBoundingClientRect().left - left)
      if (distance < best.distance) best = { label: slide.getAttribute('aria-label'), distance }
    }
    return best.distance < 24 ? best.label : null
  })
}

/** How many slides fit in the carousel's view: its width over one slide's width. */
function slidesPerView(page: Page): Promise<number> {
  return carousel(page).evaluate((region) => {
    const slide = region.querySelector('[aria-roledescription="slide"]')
    if (!slide) return 0
    return region.getBoundingClientRect().width / slide.getBoundingClientRect().width
  })
}

test.describe('results carousel', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 2, name: 'Results', exact: true })).toBeVisible()
    await expect(
      page.getByText('Real results from people who applied these brand secrets', { exact: true }),
    ).toBeVisible()
  })

  test('is a named region that screen readers call a carousel', async ({ page }) => {
    await expect(carousel(page)).toHaveCount(1)
    await expect(carousel(page)).toHaveRole('region')
    // Not 'Results': the section around it already carries that name as a landmark.
    await expect(carousel(page)).toHaveAccessibleName('Result screenshots')
  })

  test('holds six labelled slides with the spec screenshots, loaded lazily', async ({ page }) => {
    await expect(slides(page)).toHaveCount(6)
    for (const [index, alt] of SPEC_ALT_TEXTS.entries()) {
      const slide = slides(page).nth(index)
      await expect(slide).toHaveAccessibleName(`${index + 1} of 6`)
      const image = slide.getByRole('img')
      await expect(image).toHaveAttribute('alt', alt)
      await expect(image).toHaveAttribute('loading', 'lazy')
    }
  })

  test('previous and next buttons move it, and it loops', async ({ page }) => {
    const previous = carousel(page).getByRole('button', { name: 'Previous slide' })
    const next = carousel(page).getByRole('button', { name: 'Next slide' })
    await expect.poll(() => leadingSlide(page)).toBe('1 of 6')
    // A looping carousel can always scroll both ways, so neither button is disabled.
    await expect(previous).toBeEnabled()
    await expect(next).toBeEnabled()

    await next.click()
    await expect.poll(() => leadingSlide(page)).toBe('2 of 6')
    await previous.click()
    await expect.poll(() => leadingSlide(page)).toBe('1 of 6')
    await previous.click()
    await expect.poll(() => leadingSlide(page)).toBe('6 of 6')
    await next.click()
    await expect.poll(() => leadingSlide(page)).toBe('1 of 6')
  })

  test('the left and right arrow keys move it once it has the focus', async ({ page }) => {
    await carousel(page).focus()
    await expect(carousel(page)).toBeFocused()
    await expect.poll(() => leadingSlide(page)).toBe('1 of 6')

    await page.keyboard.press('ArrowRight')
    await expect.poll(() => leadingSlide(page)).toBe('2 of 6')
    await page.keyboard.press('ArrowRight')
    await expect.poll(() => leadingSlide(page)).toBe('3 of 6')
    await page.keyboard.press('ArrowLeft')
    await expect.poll(() => leadingSlide(page)).toBe('2 of 6')
  })
})

test.describe('slides per view', () => {
  const layouts = [
    { width: 375, perView: 1 },
    { width: 700, perView: 2 },
    { width: 1280, perView: 3 },
  ]
  for (const { width, perView } of layouts) {
    test(`shows ${perView} at a time on a ${width} px wide screen`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 })
      await page.goto('/')
      await expect(slides(page)).toHaveCount(6)
      await expect.poll(async () => Math.round(await slidesPerView(page))).toBe(perView)
    })
  }
})

test('fetches only the first result image until the carousel is on screen', async ({ page }) => {
  const requested = new Set<string>()
  page.on('request', (request) => {
    const match = /result-(\d)-\d+-[\w-]+\.webp$/.exec(request.url())
    if (match?.[1]) requested.add(match[1])
  })
  await page.setViewportSize({ width: 412, height: 700 })
  await page.goto('/')
  await page.waitForLoadState('networkidle')
  expect([...requested]).toEqual(['1'])

  await carousel(page).scrollIntoViewIfNeeded()
  // From here the browser's own lazy loading fetches each as it comes near.
  await expect.poll(() => requested.size).toBeGreaterThan(1)
  for (const image of await slides(page).getByRole('img').all()) await expect(image).toHaveAttribute('src', /result-/)
})

test('its buttons stay disabled until the carousel can move', async ({ page }) => {
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  // Embla's code comes as a chunk of its own; hold it back for a while.
  await page.route('**/assets/embla-carousel*.js', async (route) => {
    await held
    await route.continue()
  })
  await page.goto('/')
  const buttons = [
    carousel(page).getByRole('button', { name: 'Previous slide' }),
    carousel(page).getByRole('button', { name: 'Next slide' }),
  ]
  await carousel(page).scrollIntoViewIfNeeded()
  for (const button of buttons) await expect(button).toBeDisabled()

  release()
  for (const button of buttons) await expect(button).toBeEnabled()
})

test('an arrow key pressed before its engine has loaded moves it once the engine is there', async ({ page }) => {
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  // As on a slow phone: the engine's chunk arrives only after the visitor pressed the key.
  await page.route('**/assets/embla-carousel*.js', async (route) => {
    await held
    await route.continue()
  })
  await page.goto('/')
  const status = carousel(page).getByRole('status')
  await carousel(page).focus()
  await expect(carousel(page)).toBeFocused()
  // Nothing can move it yet: its buttons say so.
  await expect(carousel(page).getByRole('button', { name: 'Next slide' })).toBeDisabled()
  await page.keyboard.press('ArrowRight')
  await expect(status).toHaveText('Slide 1 of 6')

  release()
  await expect(status).toHaveText('Slide 2 of 6')
  await expect.poll(() => leadingSlide(page)).toBe('2 of 6')
  // Applied once: one key, one slide on.
  await expect(carousel(page).getByRole('button', { name: 'Next slide' })).toBeEnabled()
  expect(await leadingSlide(page)).toBe('2 of 6')
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('shows the slides, with buttons that are disabled since nothing can move them', async ({ page }) => {
    await page.goto('/')
    await expect(slides(page)).toHaveCount(6)
    await expect(carousel(page).getByRole('button', { name: 'Previous slide' })).toBeDisabled()
    await expect(carousel(page).getByRole('button', { name: 'Next slide' })).toBeDisabled()
  })
})
