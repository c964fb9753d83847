import { CONTACT_FIELDS, FIELD_MAX_LENGTH } from '../../common/application-form.ts'
import { seededRandom } from '../../server/testing/seeded-random.ts'
import { makeApplication, SUBMIT_HEADERS } from './submissions.ts'

export interface HostileRequest {
  kind: string
  headers: Record<string, string>
  body: string | Buffer
}

const json = (kind: string, value: unknown, headers: Record<string, string> = SUBMIT_HEADERS): HostileRequest => ({
  kind,
  headers,
  body: JSON.stringify(value),
})

const WRONG_VALUES: unknown[] = [42, -1.5, true, false, null, [], ['a'], {}, { nested: 'x' }, 1e308]
const HOSTILE_KEYS = ['__proto__', 'constructor', 'prototype', 'id', 'created_at', 'is_admin', 'email ', 'EMAIL', '']

/**
 * The `n`th hostile request: each one is invalid by construction (bad JSON,
 * wrong types, oversized or NUL-laden text, deep nesting, polluting keys,
 * wrong content types, several rows), so every one must be refused.
 */
export function hostileRequest(n: number): HostileRequest {
  const next = seededRandom(n + 1)
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!
  const field = pick(CONTACT_FIELDS)
  const valid = makeApplication(n, 'hostile')
  const text = JSON.stringify([valid])

  const kinds: (() => HostileRequest)[] = [
    () => ({
      kind: 'truncated JSON',
      headers: SUBMIT_HEADERS,
      body: text.slice(0, 1 + Math.floor(next() * (text.length - 2))),
    }),
    () => ({
      kind: 'random bytes',
      headers: SUBMIT_HEADERS,
      body: Buffer.from(Array.from({ length: 64 }, () => Math.floor(next() * 256))),
    }),
    () => ({ kind: 'empty body', headers: SUBMIT_HEADERS, body: pick(['', ' ', '\n']) }),
    () => json('wrong type', [{ ...valid, [field]: pick(WRONG_VALUES) }]),
    () => json('not an object', pick([42, 'text', null, true, [[valid]], [1, 2]])),
    () => json('missing field', [Object.fromEntries(Object.entries(valid).filter(([key]) => key !== field))]),
    () => json('blank field', [{ ...valid, [field]: pick(['', '   ', '\t\n']) }]),
    () =>
      json('over the length limit', [
        { ...valid, [field]: 'x'.repeat(FIELD_MAX_LENGTH[field] + 1 + Math.floor(next() * 100)) },
      ]),
    () => json('huge body', [{ ...valid, [field]: 'y'.repeat(20_000 + Math.floor(next() * 100_000)) }]),
    () => json('NUL byte', [{ ...valid, [field]: `before\u0000after` }]),
    () => ({ kind: 'deep nesting', headers: SUBMIT_HEADERS, body: `${'['.repeat(5_000)}${']'.repeat(5_000)}` }),
    () =>
      json('deep object in a field', [{ ...valid, [field]: JSON.parse(`${'{"a":'.repeat(500)}1${'}'.repeat(500)}`) }]),
    () => ({
      kind: 'prototype pollution',
      headers: SUBMIT_HEADERS,
      body: `[{${JSON.stringify(valid).slice(1, -1)},"${pick(['__proto__', 'constructor'])}":{"polluted":true,"prototype":{"x":1}}}]`,
    }),
    () => json('unknown column', [{ ...valid, [pick(HOSTILE_KEYS)]: 'value' }]),
    () => json('several rows', [valid, makeApplication(n + 1_000_000, 'hostile')]),
    () =>
      json('bad submission id', [
        { ...valid, submission_id: pick(['not-a-uuid', '', 'x'.repeat(500), "'; DROP TABLE x; --"]) },
      ]),
    () => ({
      kind: 'wrong content type',
      headers: {
        ...SUBMIT_HEADERS,
        'content-type': pick([
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=x',
          'application/xml',
        ]),
      },
      body: text,
    }),
  ]
  return pick(kinds)()
}
