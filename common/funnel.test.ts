import { describe, expect, it } from 'vitest'
import { applicationForm } from './application-form.ts'
import { FUNNEL_DEFAULT_DAYS } from './funnel-api.ts'
import { addDays, defaultFunnelRange, FUNNEL_STAGES, funnelRange, funnelStageLabel, previousRange } from './funnel.ts'

describe('the funnel', () => {
  it('has a gate per question of the wizard, between Apply and the submission', () => {
    const ids = FUNNEL_STAGES.map((stage) => stage.id)
    expect(ids).toEqual([
      'visitors',
      'results_viewed',
      'countdown_finished',
      'apply_clicked',
      ...applicationForm.map((_question, index) => `step-${index + 1}`),
      'submitted',
      'booking_opened',
    ])
    expect(FUNNEL_STAGES.find((stage) => stage.id === 'step-2')).toMatchObject({ event: 'step_viewed', step: 2 })
    expect(funnelStageLabel('step-1')).toBe(`1. ${applicationForm[0].label}`)
    expect(funnelStageLabel('step-6')).toBe(`6. ${applicationForm[5].label}`)
  })

  it('counts days in UTC, across months and leap days', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29')
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29')
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01')
  })

  it('covers the last 30 days, today included, when no range is asked for, and fills in a missing end', () => {
    const lateEvening = new Date('2026-11-25T23:59:59.999Z')
    expect(defaultFunnelRange(lateEvening)).toEqual({
      from: addDays('2026-11-25', 1 - FUNNEL_DEFAULT_DAYS),
      to: '2026-11-25',
    })
    expect(funnelRange({}, lateEvening)).toEqual(defaultFunnelRange(lateEvening))
    expect(funnelRange({ from: '2026-01-01' })).toEqual({ from: '2026-01-01', to: '2026-01-30' })
    expect(funnelRange({ to: '2026-01-30' })).toEqual({ from: '2026-01-01', to: '2026-01-30' })
    expect(funnelRange({ from: '2026-01-05', to: '2026-01-06' })).toEqual({ from: '2026-01-05', to: '2026-01-06' })
  })

  it('compares a range with the days just before it, as many of them', () => {
    expect(previousRange('2026-11-01', '2026-11-30')).toEqual({ from: '2026-10-02', to: '2026-10-31' })
    expect(previousRange('2026-11-27', '2026-11-27')).toEqual({ from: '2026-11-26', to: '2026-11-26' })
    expect(previousRange('0001-01-05', '0001-01-10')).toBeNull()
  })
})
