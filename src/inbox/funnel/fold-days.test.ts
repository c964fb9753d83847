import type { FunnelDay } from '../../../common/funnel-api.ts'
import { foldEmptyDays } from './fold-days.ts'

const day = (date: string, visitors = 0, applications = 0): FunnelDay => ({
  day: date,
  visitors,
  applications,
  conversionRate: visitors === 0 ? null : applications / visitors,
})

describe('the daily table’s empty days', () => {
  it('folds each run of days without visits into one line, and keeps the days with figures', () => {
    const days = [
      day('2026-11-10', 4, 1),
      day('2026-11-11'),
      day('2026-11-12'),
      day('2026-11-13'),
      day('2026-11-14', 2),
      day('2026-11-15'),
      day('2026-11-16', 0, 1),
    ]
    expect(foldEmptyDays(days)).toEqual([
      { kind: 'day', day: days[0] },
      { kind: 'empty', from: '2026-11-11', to: '2026-11-13', days: 3 },
      { kind: 'day', day: days[4] },
      { kind: 'empty', from: '2026-11-15', to: '2026-11-15', days: 1 },
      // An application on a day without a page view (its events were blocked) is a figure, not an empty day.
      { kind: 'day', day: days[6] },
    ])
  })

  it('folds a range without any visit into one line, and nothing into nothing', () => {
    const days = Array.from({ length: 30 }, (_unused, index) => day(`2026-11-${String(index + 1).padStart(2, '0')}`))
    expect(foldEmptyDays(days)).toEqual([{ kind: 'empty', from: '2026-11-01', to: '2026-11-30', days: 30 }])
    expect(foldEmptyDays([])).toEqual([])
  })
})
