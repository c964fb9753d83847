import { describe, expect, it } from 'vitest'
import { adsConsentCopy, adsConsentWords, parsePlatforms, platformList } from './ads-consent.ts'

describe('the ad platforms named to the visitor', () => {
  it('lists them in their own order, in plain English', () => {
    expect(platformList(['meta'])).toBe('Meta')
    expect(platformList(['tiktok', 'google'])).toBe('Google and TikTok')
    expect(platformList(['tiktok', 'meta', 'google'])).toBe('Meta, Google and TikTok')
  })

  it('says who is told, and that nothing is sent unticked, in the words the server records', () => {
    const copy = adsConsentCopy(['meta', 'google'])
    expect(copy.label).toContain('Meta and Google')
    expect(copy.details).toContain('we send them nothing')
    expect(adsConsentWords(['meta', 'google'])).toBe(`${copy.label} ${copy.details}`)
  })

  it("reads the server's meta tag: known platforms only, each once, in order", () => {
    expect(parsePlatforms('tiktok  meta\tbing meta')).toEqual(['meta', 'tiktok'])
    expect(parsePlatforms('')).toEqual([])
    expect(parsePlatforms(null)).toEqual([])
  })
})
