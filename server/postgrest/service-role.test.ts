import { describe, expect, it } from 'vitest'
import { createServiceRoleCheck } from './service-role.ts'

const KEY = 'a-service-role-key-of-some-length'

describe('createServiceRoleCheck', () => {
  const isServiceRole = createServiceRoleCheck(KEY)

  it('recognises the key in apikey or as a bearer token', () => {
    expect(isServiceRole({ apikey: KEY })).toBe(true)
    expect(isServiceRole({ authorization: `Bearer ${KEY}` })).toBe(true)
    expect(isServiceRole({ authorization: `bearer ${KEY}` })).toBe(true)
    expect(isServiceRole({ apikey: 'anon', authorization: `Bearer ${KEY}` })).toBe(true)
  })

  it.each([
    ['no headers', {}],
    ['another key', { apikey: 'anon-key', authorization: 'Bearer anon-key' }],
    ['the key with extra characters', { apikey: `${KEY}x` }],
    ['a prefix of the key', { apikey: KEY.slice(0, 10) }],
    ['the key without the Bearer scheme', { authorization: KEY }],
    ['a repeated apikey header', { apikey: [KEY, KEY] }],
  ])('refuses %s', (_label, headers) => {
    expect(isServiceRole(headers)).toBe(false)
  })

  it('recognises nobody when no key is configured', () => {
    const noKey = createServiceRoleCheck(undefined)
    expect(noKey({ apikey: '' })).toBe(false)
    expect(noKey({ authorization: 'Bearer undefined' })).toBe(false)
    expect(createServiceRoleCheck('')({ apikey: '' })).toBe(false)
  })
})
