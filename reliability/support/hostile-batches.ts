import {
  EVENT_TYPES,
  MAX_BATCH_BYTES,
  MAX_BATCH_EVENTS,
  MAX_PATH_LENGTH,
  MAX_SOURCE_LENGTH,
} from '../../common/analytics.ts'
import { applicationForm } from '../../common/application-form.ts'
import { seededRandom } from '../../server/testing/seeded-random.ts'

export const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
export const BATCH_HEADERS = { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': BROWSER }

export interface HostileBatch {
  kind: string
  headers: Record<string, string>
  body: string | Buffer
}

const WRONG_VALUES: unknown[] = [42, -1.5, true, false, null, [], ['a'], {}, { nested: 'x' }, 1e308, '', '1']
const BAD_STEPS: unknown[] = [
  0,
  -1,
  applicationForm.length + 1,
  1.5,
  '1',
  null,
  true,
  [1],
  1e308,
  Number.MAX_SAFE_INTEGER + 2,
]

/**
 * The `n`th malformed batch: each breaks the contract of common/analytics.ts
 * on purpose (unknown types, wrong or missing steps, too many events, too
 * many bytes, bad paths and sources, bad JSON or bytes, wrong media types), so
 * every one must be refused with a 4xx and none stored.
 */
export function hostileBatch(n: number): HostileBatch {
  const next = seededRandom(n + 1)
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!
  const good = () => ({ type: pick(EVENT_TYPES.filter((type) => !type.startsWith('step_'))) })
  const goodEvents = () => Array.from({ length: 1 + Math.floor(next() * 5) }, good)
  const batch = (kind: string, value: unknown, headers = BATCH_HEADERS): HostileBatch => ({
    kind,
    headers,
    body: JSON.stringify(value),
  })
  const cases: (() => HostileBatch)[] = [
    () =>
      batch('unknown type', {
        path: '/',
        events: [...goodEvents(), { type: pick(['purchase', 'PAGE_VIEW', '', 'page_view ', '__proto__']) }],
      }),
    () =>
      batch('bad step', {
        path: '/',
        events: [{ type: pick(['step_viewed', 'step_completed']), step: pick(BAD_STEPS) }],
      }),
    () => batch('missing step', { path: '/', events: [...goodEvents(), { type: 'step_viewed' }] }),
    () => batch('step where none belongs', { path: '/', events: [{ ...good(), step: 1 }] }),
    () =>
      batch('too many events', {
        path: '/',
        events: Array.from({ length: MAX_BATCH_EVENTS + 1 + Math.floor(next() * 100) }, good),
      }),
    () => batch('no events', { path: '/', events: pick([[], undefined, null, {}, 'page_view']) }),
    () =>
      batch('wrong path', {
        path: pick([
          undefined,
          '',
          'home',
          '/?email=a@b.c',
          '/#x',
          'x'.repeat(10),
          `/${'a'.repeat(MAX_PATH_LENGTH)}`,
          ...WRONG_VALUES,
        ]),
        events: goodEvents(),
      }),
    () =>
      batch('wrong source', {
        path: '/',
        source: pick(['', 's'.repeat(MAX_SOURCE_LENGTH + 1), 'a\u0000b', 'tab\there', '\ud800', ...WRONG_VALUES]),
        events: goodEvents(),
      }),
    () => batch('wrong event', { path: '/', events: [pick(WRONG_VALUES)] }),
    () => batch('not a batch', pick(WRONG_VALUES)),
    () => ({
      kind: 'over the byte limit',
      headers: BATCH_HEADERS,
      body: JSON.stringify({ path: '/', events: goodEvents(), pad: 'x'.repeat(MAX_BATCH_BYTES) }),
    }),
    () => ({
      kind: 'truncated JSON',
      headers: BATCH_HEADERS,
      body: JSON.stringify({ path: '/', events: goodEvents() }).slice(0, -1 - Math.floor(next() * 10)),
    }),
    () => ({
      kind: 'not JSON',
      headers: BATCH_HEADERS,
      body: pick(['', 'page_view', '{path:/}', "{'path':'/'}", 'undefined', 'NaN']),
    }),
    () => ({ kind: 'invalid UTF-8', headers: BATCH_HEADERS, body: Buffer.from([0x7b, 0xff, 0xfe, 0xc3, 0x28, 0x7d]) }),
    () => ({ kind: 'deep nesting', headers: BATCH_HEADERS, body: '['.repeat(4000) + ']'.repeat(4000) }),
    () =>
      batch(
        'wrong media type',
        { path: '/', events: [{ type: 'purchase' }] },
        {
          ...BATCH_HEADERS,
          'content-type': pick([
            'application/x-www-form-urlencoded',
            'multipart/form-data; boundary=x',
            'application/xml',
          ]),
        },
      ),
    () =>
      batch(
        'polluting keys',
        JSON.parse(`{"__proto__": {"path": "/"}, "constructor": {"prototype": {}}, "events": [{"type": "page_view"}]}`),
      ),
  ]
  // Every kind in turn: the generator's first draws from small seeds are all alike.
  return cases[n % cases.length]!()
}
