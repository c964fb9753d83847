import { describe, expect, it } from 'vitest'
import { parseConfig } from '../config.ts'
import { smtpTls, smtpTransportOptions } from './smtp-url.ts'

const EMAIL = { LEAD_EMAIL_TO: 'sales@x.example', LEAD_EMAIL_FROM: 'leads@x.example' }

describe('the protection of SMTP_URL', () => {
  it.each([
    ['smtp://u:p@mail.example', 'required'],
    ['smtp://u:p@mail.example:25', 'required'],
    ['smtp://u:p@10.0.0.5', 'required'],
    ['smtp://u:p@192.168.1.10:2525', 'required'],
    ['smtp://u:p@[2001:db8::25]', 'required'],
    ['smtp://u:p@localhost.mail.example', 'required'],
    ['smtp://u:p@127.0.0.1.nip.io', 'required'],
    ['smtp://u:p@localhost.', 'required'],
    ['smtp://u:p@0x7f.1', 'required'],
    ['smtp://u:p@2130706433', 'required'],
    ['smtp://u:p@mail.example?tls=required', 'required'],
    ['smtp://u:p@mail.example?tls=optional', 'optional'],
    ['smtp://u:p@mail.example:587/?tls=optional', 'optional'],
    ['smtp://u:p@127.0.0.1', 'optional'],
    ['smtp://u:p@127.0.0.1:2525', 'optional'],
    ['smtp://u:p@127.8.9.10', 'optional'],
    ['smtp://u:p@localhost:25', 'optional'],
    ['smtp://u:p@LocalHost', 'optional'],
    ['smtp://u:p@[::1]:25', 'optional'],
    ['smtp://u:p@[::ffff:127.0.0.1]:25', 'optional'],
    ['smtp://u:p@127.0.0.1?tls=required', 'required'],
    ['smtp://u:p@localhost?tls=required', 'required'],
    ['smtps://u:p@mail.example', 'implicit'],
    ['smtps://u:p@localhost', 'implicit'],
    ['smtps://u:p@mail.example?tls=required', 'implicit'],
  ])('%s is %s', (url, tls) => {
    expect(smtpTls(new URL(url))).toBe(tls)
  })

  it('asks nodemailer for STARTTLS, or TLS from the start, with TLS 1.2 at least', () => {
    expect(smtpTransportOptions('smtp://mailer:p%40ss%20word@mail.example')).toEqual({
      host: 'mail.example',
      port: 587,
      secure: false,
      requireTLS: true,
      tls: { minVersion: 'TLSv1.2' },
      auth: { user: 'mailer', pass: 'p@ss word' },
    })
    expect(smtpTransportOptions('smtps://mail.example')).toEqual({
      host: 'mail.example',
      port: 465,
      secure: true,
      requireTLS: false,
      tls: { minVersion: 'TLSv1.2' },
    })
    expect(smtpTransportOptions('smtp://[::1]:2525?tls=optional')).toMatchObject({
      host: '::1',
      port: 2525,
      secure: false,
      requireTLS: false,
    })
    expect(() => smtpTransportOptions('smtp://u:hunter22@mail.example?tls=no')).toThrow(/^SMTP_URL: tls= must be/)
  })

  it('stops the start on a bad tls=, naming SMTP_URL and not the password', () => {
    for (const url of [
      'smtp://u:hunter22@mail.example?tls=no',
      'smtp://u:hunter22@mail.example?tls=',
      'smtp://u:hunter22@mail.example?tls=Optional',
      'smtp://u:hunter22@mail.example?tls=optional&tls=required',
    ]) {
      expect(() => parseConfig({ ...EMAIL, SMTP_URL: url }), url).toThrow(/SMTP_URL: tls= must be required or optional/)
      expect(() => parseConfig({ ...EMAIL, SMTP_URL: url }), url).not.toThrow(/hunter22/)
    }
    expect(() => parseConfig({ ...EMAIL, SMTP_URL: 'smtps://u:hunter22@mail.example?tls=optional' })).toThrow(
      /SMTP_URL: tls=optional is for smtp:\/\/ only/,
    )
    expect(
      parseConfig({ ...EMAIL, SMTP_URL: 'smtp://u:p@mail.example?tls=optional' }).notifications.email?.smtpUrl,
    ).toBe('smtp://u:p@mail.example?tls=optional')
    expect(
      parseConfig({ ...EMAIL, SMTP_URL: 'smtp://u:p@mail.example?tls=required' }).notifications.email,
    ).toBeDefined()
  })
})
