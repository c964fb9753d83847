import { describe, expect, it } from 'vitest'
import { STEP_COUNT, eventBatchSchema } from './analytics-schema.ts'
import { EVENT_TYPES, MAX_BATCH_EVENTS, MAX_PATH_LENGTH, MAX_SOURCE_LENGTH, STEP_EVENTS } from './analytics.ts'
import { applicationForm } from './application-form.ts'

const parse = (value: unknown) => eventBatchSchema.safeParse(value)

describe('eventBatchSchema', () => {
  it('takes every event type, with a step exactly where one belongs', () => {
    const events = EVENT_TYPES.map((type) => (STEP_EVENTS.includes(type) ? { type, step: 1 } : { type }))
    expect(parse({ path: '/', events }).success).toBe(true)
  })

  it('takes steps from 1 to the number of questions of the form, and nothing past them', () => {
    expect(STEP_COUNT).toBe(applicationForm.length)
    for (const step of [1, STEP_COUNT])
      expect(parse({ path: '/', events: [{ type: 'step_completed', step }] }).success).toBe(true)
    for (const step of [0, STEP_COUNT + 1])
      expect(parse({ path: '/', events: [{ type: 'step_completed', step }] }).success).toBe(false)
  })

  it('takes the limits exactly, and refuses one more', () => {
    const events = (count: number) => Array.from({ length: count }, () => ({ type: 'page_view' }))
    expect(
      parse({
        path: `/${'p'.repeat(MAX_PATH_LENGTH - 1)}`,
        source: 's'.repeat(MAX_SOURCE_LENGTH),
        events: events(MAX_BATCH_EVENTS),
      }).success,
    ).toBe(true)
    expect(parse({ path: `/${'p'.repeat(MAX_PATH_LENGTH)}`, events: events(1) }).success).toBe(false)
    expect(parse({ path: '/', source: 's'.repeat(MAX_SOURCE_LENGTH + 1), events: events(1) }).success).toBe(false)
    expect(parse({ path: '/', events: events(MAX_BATCH_EVENTS + 1) }).success).toBe(false)
  })

  it('drops unknown keys rather than refusing a newer page’s batch', () => {
    expect(parse({ path: '/', version: 2, events: [{ type: 'page_view', at: 1 }] }).data).toEqual({
      path: '/',
      events: [{ type: 'page_view' }],
    })
  })

  it('refuses a lone surrogate, which PostgreSQL could not store', () => {
    expect(parse({ path: '/', source: 'a\ud800', events: [{ type: 'page_view' }] }).success).toBe(false)
    expect(parse({ path: '/', source: 'ok 😀', events: [{ type: 'page_view' }] }).success).toBe(true)
  })
})
