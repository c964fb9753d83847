import type { ApplicationAnswers } from '../../common/contact-submission.ts'

/** A plausible completed application, for tests. */
export const sampleAnswers: ApplicationAnswers = {
  instagram: '@jane.doe',
  name: 'Jane Doe',
  email: 'jane@example.com',
  phone: '+44 20 7946 0958',
  business: 'Coaching',
  budget: '$2,000',
  revenue: '$20k revenue, $8k profit',
  challenges: 'Reach beyond my current followers',
}
