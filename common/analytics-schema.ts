import { z } from 'zod'
import {
  BOOKING_PAGE_EVENTS,
  EVENT_TYPES,
  MAX_BATCH_EVENTS,
  MAX_PATH_LENGTH,
  MAX_SOURCE_LENGTH,
  STEP_EVENTS,
  type EventBatch,
} from './analytics.ts'
import { applicationForm } from './application-form.ts'

// Control characters have no place in a path or a source, and PostgreSQL's text
// refuses \u0000 outright; an unpaired surrogate cannot be stored as UTF-8.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/
const hasControl = (value: string) => [...value].some((char) => char.charCodeAt(0) < 0x20 || char === '\u007f')

const storable = (max: number) =>
  z
    .string()
    .min(1, 'must not be empty')
    .max(max, `must be at most ${max} characters`)
    .refine(
      (value) => !hasControl(value) && !LONE_SURROGATE.test(value),
      'must hold no control characters or unpaired surrogates',
    )

/** The wizard's questions: a step is one of them, 1-based. */
export const STEP_COUNT = applicationForm.length

const event = z
  .object({
    type: z.enum(EVENT_TYPES, `must be one of ${EVENT_TYPES.join(', ')}`),
    step: z
      .number('must be a number')
      .int('must be a whole number')
      .min(1, `must be from 1 to ${STEP_COUNT}`)
      .max(STEP_COUNT, `must be from 1 to ${STEP_COUNT}`)
      .optional(),
    submission_id: z.uuid('must be a UUID').optional(),
  })
  .superRefine((value, context) => {
    if (value.submission_id !== undefined && !BOOKING_PAGE_EVENTS.includes(value.type)) {
      context.addIssue({
        code: 'custom',
        path: ['submission_id'],
        message: `is only for ${BOOKING_PAGE_EVENTS.join(' and ')}`,
      })
    }
    const needsStep = STEP_EVENTS.includes(value.type)
    if (needsStep && value.step === undefined) {
      context.addIssue({ code: 'custom', path: ['step'], message: `is required for ${value.type}` })
    }
    if (!needsStep && value.step !== undefined) {
      context.addIssue({ code: 'custom', path: ['step'], message: `is only for ${STEP_EVENTS.join(' and ')}` })
    }
  })

/**
 * A batch as the server accepts it (common/analytics.ts): every event known,
 * a step exactly where one belongs and within the form's questions, the path
 * and source bounded. Unknown keys are dropped, not refused, so a newer page
 * still counts; a batch that fails is refused whole.
 */
export const eventBatchSchema = z.object({
  path: storable(MAX_PATH_LENGTH).refine(
    (path) => path.startsWith('/') && !/[?#]/.test(path),
    'must start with / and hold no query or fragment',
  ),
  source: storable(MAX_SOURCE_LENGTH).optional(),
  events: z
    .array(event, 'must be a list of events')
    .min(1, 'must hold at least one event')
    .max(MAX_BATCH_EVENTS, `must hold at most ${MAX_BATCH_EVENTS} events`),
}) satisfies z.ZodType<EventBatch>
