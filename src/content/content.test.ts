import { describe, expect, it } from 'vitest'
import { applicationIntro } from './application-intro.ts'
import { resultSlides } from './result-slides.ts'
import { site } from './site.ts'
import { submissionTiming } from './submission-timing.ts'

describe('result slides', () => {
  it('holds six slides numbered 1 to 6 whose alt texts carry the spec figures', () => {
    expect(resultSlides.map((slide) => slide.id)).toEqual([1, 2, 3, 4, 5, 6])
    const figures = [
      ['34M', '86%'],
      ['dashboard', '19.6M'],
      ['3.5M', 'engagement'],
      ['1M', '99.8%', 'non-followers'],
      ['21.2M', '1.6M interactions'],
      ['Detailed analytics', '3.5M'],
    ]
    resultSlides.forEach((slide, index) => {
      for (const figure of figures[index] ?? []) expect(slide.alt).toContain(figure)
      expect(slide.src).toMatch(/result-\d-400/)
      expect(slide.srcSet).toMatch(/ 400w, .* 800w$/)
      expect(slide.width / slide.height).toBeCloseTo(4 / 5)
    })
  })
})

describe('site copy and constants', () => {
  it('has the spec texts, timings and limits', () => {
    expect(site.hero.headline).toBe('Scale YOUR Personal Brand to infinity and beyond using The biggest Brand secrets')
    expect(site.video.startLabel).toBe('Click here to learn how.')
    expect(site.results).toMatchObject({
      heading: 'Results',
      intro: 'Real results from people who applied these brand secrets',
    })
    expect(site.countdown).toMatchObject({
      seconds: 90,
      heading: 'Application Will Appear In 1 minute and 30 seconds',
      text: 'Ready to join? Application button appears in...',
      applyLabel: 'Apply Now',
    })
    expect(site.application).toMatchObject({
      title: 'Ready to Scale Your Business?',
      submit: 'Submit Application',
      submitting: 'Submitting...',
    })
    expect(applicationIntro(8)).toBe('Eight short questions, one at a time. It takes about two minutes.')
    expect(site.booking.redirectDelayMs).toBe(2000)
    expect(site.toasts).toEqual({
      durationMs: 4000,
      maxVisible: 3,
      fieldRequired: { title: 'Field Required', description: 'Please fill in this field before continuing.' },
      submitted: { title: 'Application Submitted!', description: 'Redirecting you to book a call with us...' },
      submissionFailed: {
        title: 'Submission Failed',
        description: 'There was an error submitting your application. Please try again.',
      },
    })
    expect(site.notFound).toEqual({ status: '404', title: 'Oops! Page not found', homeLink: 'Return to Home' })
    expect(site.unexpectedError).toBe('Unexpected Application Error!')
    expect(site.application.questionCounter(3, 8)).toBe('Question 3 of 8')
  })
})

describe('submission timing', () => {
  it('retries three times, 1 s, 2 s and 4 s apart, and keeps the worst case, Retry-After included, under 75 s', () => {
    const { attemptTimeoutMs, retryDelaysMs, maxRetryAfterMs } = submissionTiming
    expect(retryDelaysMs).toEqual([1_000, 2_000, 4_000])
    const worstCase =
      (retryDelaysMs.length + 1) * attemptTimeoutMs +
      retryDelaysMs.reduce((sum, delay) => sum + Math.max(delay, maxRetryAfterMs), 0)
    expect(worstCase).toBeLessThan(75_000)
  })
})
