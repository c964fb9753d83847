import { DEFAULT_BOOKING_URL, DEFAULT_VIDEO_URL } from '../../common/site-defaults.ts'

/**
 * Every word and setting the landing page shows. Operators edit this file (or
 * the VITE_* build variables for the URLs) rather than the components; the
 * application's questions are in common/application-form.ts, its intro in
 * application-intro.ts.
 */
export const site = {
  brand: 'BrandScale',
  hero: {
    headline: 'Scale YOUR Personal Brand to infinity and beyond using The biggest Brand secrets',
    subtext:
      'Learn the secrets of how the biggest personal brands engineer content, go viral and increase their income tenfold.',
  },
  video: {
    url: DEFAULT_VIDEO_URL,
    sectionLabel: 'Video',
    title: 'Video: how the biggest personal brands grow',
    startLabel: 'Click here to learn how.',
  },
  results: {
    heading: 'Results',
    intro: 'Real results from people who applied these brand secrets',
    carouselLabel: 'Result screenshots',
    previousLabel: 'Previous slide',
    nextLabel: 'Next slide',
  },
  countdown: {
    seconds: 90,
    /** When the application's code starts loading: well after the first view, before 0:00. */
    preloadAtSeconds: 30,
    heading: 'Application Will Appear In 1 minute and 30 seconds',
    text: 'Ready to join? Application button appears in...',
    applyLabel: 'Apply Now',
    openedAnnouncement: 'The application is open.',
    /** Shown instead of 'Apply Now' when the application's code could not be downloaded. */
    loadFailed: 'The application could not be loaded. Check your connection, then try again.',
    retryLabel: 'Try again',
  },
  application: {
    title: 'Ready to Scale Your Business?',
    back: 'Back',
    next: 'Next',
    submit: 'Submit Application',
    submitting: 'Submitting...',
    closeLabel: 'Close application',
    progressLabel: 'Application progress',
    /** 'Question 3 of 8', above each question and as the progress bar's spoken value. */
    questionCounter: (step: number, steps: number) => `Question ${step} of ${steps}`,
    longAnswerHint: 'Press Enter to continue, Shift+Enter for a new line.',
    /**
     * The honeypot's label: never shown or announced, so read by bots, and by a
     * person only if the page's styles fail. No word autofill could match.
     */
    honeypotLabel: 'Leave this field empty',
    /** How long unsent answers, and that the countdown has run out, stay on the visitor's device. */
    savedForDays: 7,
  },
  bookingUrl: DEFAULT_BOOKING_URL,
  booking: {
    redirectDelayMs: 2000,
    confirmation: 'Thank you! Your application is in. Pick a time for your 30-minute strategy call:',
    linkLabel: 'Book your call',
  },
  toasts: {
    durationMs: 4000,
    maxVisible: 3,
    fieldRequired: {
      title: 'Field Required',
      description: 'Please fill in this field before continuing.',
    },
    submitted: {
      title: 'Application Submitted!',
      description: 'Redirecting you to book a call with us...',
    },
    submissionFailed: {
      title: 'Submission Failed',
      description: 'There was an error submitting your application. Please try again.',
    },
  },
  unexpectedError: 'Unexpected Application Error!',
  notFound: {
    status: '404',
    title: 'Oops! Page not found',
    homeLink: 'Return to Home',
  },
} as const
