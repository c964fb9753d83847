import type { ContactField } from './application-form.ts'

/** Calendly's ten custom-question slots, in the order the event type asks its questions. */
export type CalendlyAnswerSlot = 'a1' | 'a2' | 'a3' | 'a4' | 'a5' | 'a6' | 'a7' | 'a8' | 'a9' | 'a10'

export const CALENDLY_ANSWER_SLOTS: readonly CalendlyAnswerSlot[] = [
  'a1',
  'a2',
  'a3',
  'a4',
  'a5',
  'a6',
  'a7',
  'a8',
  'a9',
  'a10',
]

/**
 * What the booking page is given from the application. Name and email always
 * go to the provider's own fields; the rest is set here, by the questions'
 * keys in common/application-form.ts, so a renamed or removed question fails
 * the type check instead of prefilling the wrong box.
 */
export const bookingPrefill = {
  calendly: {
    /**
     * Which answer fills which of the event type's custom questions. Calendly
     * fills `aN` into its N-th question whatever it asks, so this has to follow
     * the order of the questions set up on Calendly.
     */
    answers: {
      a1: 'instagram',
      a2: 'phone',
      a3: 'business',
      a4: 'budget',
      a5: 'revenue',
      a6: 'challenges',
    } satisfies Partial<Record<CalendlyAnswerSlot, ContactField>>,
  },
  calcom: {
    /** The answers summed up in Cal.com's "Additional notes", one line each as `label: answer`. */
    notes: ['instagram', 'phone', 'business', 'budget', 'revenue', 'challenges'] satisfies readonly ContactField[],
  },
  /**
   * Longest a prefilled value may be once URL-encoded; a longer one is cut
   * with an ellipsis. Proxies and CDNs commonly refuse request lines past
   * 8 KB, and an answer can be 5,000 characters of a script that takes nine
   * encoded characters each: the booking page must still open.
   */
  maxEncodedLength: { answer: 600, notes: 2000 },
} as const
