import { describe, expect, it } from 'vitest'
import { instagramHandle, instagramHref, mailtoHref, telHref } from './contact-hrefs.ts'

describe('contact links', () => {
  it('dials the digits, keeping an international prefix', () => {
    expect(telHref('+44 7700 900123')).toBe('tel:+447700900123')
    expect(telHref('0044 (7700) 900-123')).toBe('tel:+447700900123')
    expect(telHref('(555) 010-2030')).toBe('tel:5550102030')
    expect(telHref('call me')).toBeUndefined()
    expect(telHref('123')).toBeUndefined()
  })

  it('mails one address and nothing more', () => {
    expect(mailtoHref(' ada@example.com ')).toBe('mailto:ada@example.com')
    expect(mailtoHref('a+b@example.com')).toBe('mailto:a%2Bb@example.com')
    expect(mailtoHref('ada?cc=eve@example.com')).toBe('mailto:ada%3Fcc%3Deve@example.com')
    expect(mailtoHref('ada@example.com?cc=eve@example.com')).toBeUndefined()
    expect(mailtoHref('not an email')).toBeUndefined()
    // What the page refuses gets no link either: it is shown marked as not a valid address.
    for (const answer of [
      'samrivera.gmail.com',
      'Friend <sam@example.com>',
      'a@example.com,b@example.com',
      'sam@gmail',
    ]) {
      expect(mailtoHref(answer)).toBeUndefined()
    }
  })

  it('opens the Instagram profile from a handle or an address', () => {
    expect(instagramHandle('@ada.studio')).toBe('ada.studio')
    expect(instagramHandle('https://www.instagram.com/ada_studio/?hl=en')).toBe('ada_studio')
    expect(instagramHref('ada')).toBe('https://www.instagram.com/ada/')
    expect(instagramHref('javascript:alert(1)')).toBeUndefined()
    expect(instagramHref('two words')).toBeUndefined()
  })
})
