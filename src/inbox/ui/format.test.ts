import { afterEach, describe, expect, it } from 'vitest'
import { formatDateTime, inboxTimeZone, setInboxTimeZone } from './format.ts'

afterEach(() => {
  setInboxTimeZone('UTC')
})

describe('the inbox’s clock', () => {
  it('shows times in the zone the session names', () => {
    expect(setInboxTimeZone('Asia/Tokyo')).toBe('Asia/Tokyo')
    expect(inboxTimeZone()).toBe('Asia/Tokyo')
    expect(formatDateTime('2026-11-27T23:30:00Z')).toMatch(/28/)
  })

  it('shows UTC, and says so, for a zone this browser does not know, rather than no inbox at all', () => {
    expect(setInboxTimeZone('Mars/Olympus_Mons')).toBe('UTC')
    expect(inboxTimeZone()).toBe('UTC')
    expect(formatDateTime('2026-11-27T23:30:00Z')).toMatch(/27/)
  })
})
