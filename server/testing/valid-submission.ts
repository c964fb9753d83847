import type { ContactSubmission } from '../../common/contact-submission.ts'

/** One complete application, as the form would send it. */
export const validSubmission = (overrides: Partial<Record<keyof ContactSubmission, unknown>> = {}) => ({
  instagram: '@brand.builder',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '+44 20 7946 0958',
  business: 'Coaching',
  budget: '$2,000 a month',
  revenue: '$20k revenue, $8k profit',
  challenges: 'Our reels reach only our followers.',
  ...overrides,
})
