import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseConfig } from './config.ts'

describe('parseConfig', () => {
  it('uses the documented defaults when nothing is set', () => {
    const config = parseConfig({})
    expect(config).toMatchObject({
      port: 8080,
      host: 'localhost',
      dataDir: resolve('./data'),
      serviceRoleKey: undefined,
      logLevel: 'info',
    })
  })

  it('defaults WEB_ROOT to dist/web in the project root', () => {
    const { webRoot } = parseConfig({})
    expect(webRoot.endsWith(join('dist', 'web'))).toBe(true)
    expect(existsSync(join(webRoot, '..', '..', 'package.json'))).toBe(true)
  })

  it('reads every variable', () => {
    const config = parseConfig({
      PORT: '3000',
      HOST: '0.0.0.0',
      DATA_DIR: '/var/lib/landing',
      SERVICE_ROLE_KEY: 'a-long-enough-secret',
      LOG_LEVEL: 'debug',
      WEB_ROOT: '/srv/site',
    })
    expect(config).toEqual({
      port: 3000,
      host: '0.0.0.0',
      dataDir: '/var/lib/landing',
      serviceRoleKey: 'a-long-enough-secret',
      logLevel: 'debug',
      webRoot: '/srv/site',
    })
  })

  it('treats empty values as unset', () => {
    expect(parseConfig({ PORT: '', SERVICE_ROLE_KEY: '', LOG_LEVEL: '' })).toMatchObject({
      port: 8080,
      serviceRoleKey: undefined,
      logLevel: 'info',
    })
  })

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['PORT', '-1'],
    ['LOG_LEVEL', 'loud'],
    ['SERVICE_ROLE_KEY', 'short'],
  ])('names %s when it is %j', (name, value) => {
    expect(() => parseConfig({ [name]: value })).toThrow(new RegExp(`^Invalid configuration:\\n  ${name}: `))
  })

  it('names every bad variable at once', () => {
    expect(() => parseConfig({ PORT: 'x', LOG_LEVEL: 'y' })).toThrow(/PORT: .*\n {2}LOG_LEVEL: /s)
  })

  it('never repeats the secret in its message', () => {
    let message = ''
    try {
      parseConfig({ SERVICE_ROLE_KEY: 'tiny-key' })
    } catch (error) {
      message = (error as Error).message
    }
    expect(message).toContain('SERVICE_ROLE_KEY')
    expect(message).not.toContain('tiny-key')
  })
})
