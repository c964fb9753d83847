import type { ContactField } from '../../common/contact-submission.ts'

export interface ApplicationStep {
  field: ContactField
  label: string
  placeholder: string
  kind: 'text' | 'email' | 'tel' | 'textarea'
  autoComplete?: string
}

/** The eight questions, asked one at a time in this order. */
export const applicationSteps: readonly ApplicationStep[] = [
  {
    field: 'instagram',
    label: 'Instagram username',
    placeholder: 'Please enter your instagram username',
    kind: 'text',
    autoComplete: 'username',
  },
  {
    field: 'name',
    label: 'Full name',
    placeholder: 'Please enter your first and last name',
    kind: 'text',
    autoComplete: 'name',
  },
  {
    field: 'email',
    label: 'Email address',
    placeholder: "We'll use this to send you follow-up information",
    kind: 'email',
    autoComplete: 'email',
  },
  {
    field: 'phone',
    label: 'Phone number',
    placeholder: 'Include country code',
    kind: 'tel',
    autoComplete: 'tel',
  },
  {
    field: 'business',
    label: 'Business or niche',
    placeholder: 'What type of business are you running? e.g. e-commerce, coaching, SaaS, local service',
    kind: 'text',
    autoComplete: 'organization-title',
  },
  {
    field: 'budget',
    label: 'Monthly marketing budget',
    placeholder: 'How much are you ready to invest in marketing each month?',
    kind: 'text',
  },
  {
    field: 'revenue',
    label: 'Monthly revenue and profit',
    placeholder: 'Please share approximate monthly revenue and profit figures',
    kind: 'text',
  },
  {
    field: 'challenges',
    label: 'Biggest challenges',
    placeholder: "Tell us about the key problems or bottlenecks you'd like us to help solve",
    kind: 'textarea',
  },
]
