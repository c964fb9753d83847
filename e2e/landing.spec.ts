import { site } from '../src/content/site.ts'
import { expect, test } from './support/fixtures.ts'
import { HEADLINE, videoFrame } from './support/landing.ts'

const SUBTEXT =
  /learn the secrets of how the biggest personal brands engineer content, go viral and increase their income tenfold/i

test.describe('landing page', () => {
  test('shows the header, hero, video, results and countdown, in that order', async ({ page }) => {
    const response = await page.goto('/')
    expect(response?.status()).toBe(200)

    const header = page.getByRole('banner')
    await expect(header).toContainText(site.brand)
    // The arrow is decoration: nothing in the header but the brand mark reaches assistive technology.
    await expect(header.locator('svg, img').first()).toBeVisible()
    for (const graphic of await header.locator('svg, img').all()) {
      await expect(graphic).toHaveAttribute('aria-hidden', 'true')
    }

    const headline = page.getByRole('heading', { level: 1 })
    await expect(headline).toHaveText(HEADLINE)
    await expect(page.getByText(SUBTEXT)).toBeVisible()

    const sections = [
      header,
      headline,
      videoFrame(page),
      page.getByRole('heading', { level: 2, name: 'Results', exact: true }),
      page.getByRole('heading', { level: 2, name: 'Application Will Appear In 1 minute and 30 seconds' }),
    ]
    const tops: number[] = []
    for (const section of sections) {
      await section.scrollIntoViewIfNeeded()
      const box = await section.evaluate((element) => element.getBoundingClientRect().top + window.scrollY)
      tops.push(box)
    }
    expect(tops, 'sections from top to bottom').toEqual([...tops].sort((a, b) => a - b))
  })

  test('embeds the video and hides its start button while the video shows', async ({ page }) => {
    await page.goto('/')
    const video = videoFrame(page)
    await expect(video).toBeVisible()
    await expect(video).toHaveAttribute('src', site.video.url)
    await expect(page.getByTitle('Video: how the biggest personal brands grow')).toHaveCount(1)

    const startButton = page.getByRole('button', { name: 'Click here to learn how.', includeHidden: true })
    await expect(startButton).toHaveCount(1)
    await expect(startButton).toBeHidden()
  })

  test('the first HTML response already holds the page text (prerendered)', async ({ request }) => {
    const response = await request.get('/')
    expect(response.status()).toBe(200)
    expect(response.headers()['content-type']).toMatch(/text\/html/)
    const html = await response.text()
    expect(html).toContain(HEADLINE)
    expect(html).toMatch(SUBTEXT)
    expect(html).toContain('Real results from people who applied these brand secrets')
    expect(html).toContain('Ready to join? Application button appears in...')
  })
})

test.describe('landing page without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('still shows the headline and the countdown text', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(HEADLINE)
    await expect(page.getByText('Ready to join? Application button appears in...')).toBeVisible()
  })

  test('still shows the video', async ({ page }) => {
    await page.goto('/')
    await expect(videoFrame(page)).toBeVisible()
    await expect(videoFrame(page)).toHaveAttribute('src', site.video.url)
  })
})

test('/index.html is the landing page too, hydrated without complaint', async ({ page }) => {
  const response = await page.goto('/index.html')
  expect(response?.status()).toBe(200)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(HEADLINE)
  // The video's iframe comes with hydration, so this also shows hydration went through.
  await expect(videoFrame(page)).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toHaveCount(0)
})
