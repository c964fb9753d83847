import { timeZoneChoices } from './time-zones.ts'

describe('the export’s time zones', () => {
  it('offer every zone the browser knows, UTC, and the current one even when the list names it otherwise', () => {
    const choices = timeZoneChoices('Asia/Calcutta')
    expect(choices).toContain('Europe/Paris')
    expect(choices).toContain('UTC')
    expect(choices).toContain('Asia/Calcutta')
    expect(choices).toEqual([...new Set(choices)].sort())
  })
})
