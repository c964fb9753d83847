import { ADMIN_API_PATH } from '../../common/admin-api.ts'
import { EVENTS_PATH, EVENTS_TABLE_PATH, MAX_BATCH_EVENTS } from '../../common/analytics.ts'
import { NOTE_MAX_LENGTH } from '../../common/lead-page-api.ts'
import { PASSWORD_MAX_LENGTH } from '../../common/session-api.ts'
import { seededRandom } from '../../server/testing/seeded-random.ts'
import { BATCH_HEADERS, BROWSER, hostileBatch } from './hostile-batches.ts'

export interface HostileAdminRequest {
  kind: string
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE'
  path: string
  /** Sent with the session's cookie, and its CSRF token on a change. */
  signedIn: boolean
  headers: Record<string, string>
  body?: string | Buffer
}

const TEXTS = [
  '\u0000',
  'a\u0000b',
  '\u0007',
  '\u001b[31mred',
  '\u001f',
  '\u007f',
  '\ud800',
  'x\udfffy',
  '💥',
  "' OR 1=1 --",
  '%',
  '_',
  '\\',
  '\\x00',
  'x'.repeat(300),
  '<script>alert(1)</script>',
  '=HYPERLINK("https://evil.example")',
  '',
  ' ',
  '\u2028',
  '\ufeff',
  '(direct)',
]
const DAYS = [
  '9999-12-31',
  '9999-12-30',
  '0000-01-01',
  '0001-01-01',
  '2026-02-30',
  '2024-02-29',
  '2025-02-29',
  '10000-01-01',
  '+010000-01-01',
  '-000001-01-01',
  '2026-13-01',
  '2026-00-10',
  '2026-1-1',
  '',
  'today',
  'infinity',
  'epoch',
  '2026-01-01T00:00:00Z',
  '1970-01-01',
  '2026-01-01\u0000',
]
// None names the lead that exists: unknown ones may be deleted.
const IDS = [
  ...['0', '-1', '1e309', '99999999999999999999', '9223372036854775808', '999999999999999999', 'abc', '1.5', '0x10'],
  ...['%20%31', '%00', '1%00', '%ZZ', '..%2F..%2Fhealthz', 'NaN', 'Infinity'],
]
const CURSOR_TIMES = [
  '2026-02-30T10:00:00.000000Z',
  '0000-01-01T00:00:00.000000Z',
  '9999-12-31T23:59:59.999999Z',
  '2026-01-01T24:00:00.000000Z',
  '2026-01-01T23:59:60.000000Z',
  '+010000-01-01T00:00:00.000000Z',
  '2026-01-01T00:00:00Z',
  '2026-01-01T00:00:00.000000Z\u0000',
]
// Ranges at the first and last days there are, and just past them.
const CALENDAR_ENDS = [
  'to=9999-12-31',
  'from=9999-12-02&to=9999-12-31',
  'from=9999-12-30',
  'from=9999-12-01&to=9999-12-30',
  'to=0001-01-01',
  'from=0000-12-31&to=0001-01-29',
  'from=0001-01-01',
]
const WRONG_VALUES: unknown[] = [42, -1.5, true, null, [], ['a'], {}, { nested: 'x' }, 1e308, '', 'x'.repeat(10_000)]
// Malformed percent-encodings, sent as they are.
const RAW_ENCODINGS = ['%', '%ZZ', '%C0%80', '%FF', '%ED%A0%80', '%E2%82']
const LIST_KEYS = ['q', 'status', 'source', 'from', 'to', 'view', 'cursor', '__proto__', 'constructor', 'colour', 'q[]']

/** A query value as a client would send it; a lone surrogate has no UTF-8, so it goes as the bytes it would have. */
function encoded(value: string) {
  try {
    return encodeURIComponent(value)
  } catch {
    return '%ED%A0%80'
  }
}

const JSON_HEADERS = { 'content-type': 'application/json' }

/**
 * The `n`th hostile request to the lead inbox's API or the events endpoints:
 * control characters, impossible and far-off dates, forged cursors, ids that
 * are no ids, bodies of the wrong shape or no JSON at all. Each must be
 * answered without a 5xx; some are well-formed and may succeed. `leadId` is a
 * lead that exists, so changes reach a real row; nothing here deletes it.
 */
export function hostileAdminRequest(n: number, leadId: number): HostileAdminRequest {
  const next = seededRandom(n + 1)
  // A small seed's first draw is always near 0: skip it, or every request of a kind would be alike.
  next()
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!
  const text = () => pick(TEXTS)
  const value = (): string => (next() < 0.15 ? pick(RAW_ENCODINGS) : encoded(next() < 0.5 ? pick(DAYS) : text()))
  const query = (keys: readonly string[]) =>
    Array.from({ length: 1 + Math.floor(next() * 4) }, () => `${encoded(pick(keys))}=${value()}`).join('&')
  const cursor = () =>
    Buffer.from(`${pick(CURSOR_TIMES)}|${pick(['1', String(leadId), '0', '-1', '1|2', ''])}`).toString('base64url')
  const admin = (path: string) => `${ADMIN_API_PATH}${path}`
  const get = (kind: string, path: string): HostileAdminRequest => ({
    kind,
    method: 'GET',
    path: admin(path),
    signedIn: true,
    headers: {},
  })
  const change = (
    kind: string,
    method: 'POST' | 'PATCH',
    path: string,
    body: unknown,
    headers: Record<string, string> = JSON_HEADERS,
  ) => ({
    kind,
    method,
    path: admin(path),
    signedIn: true,
    headers,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
  const row = () => ({ path: '/', source: null, type: 'page_view', step: null })
  const leadOrNot = () => (next() < 0.7 ? String(leadId) : pick(IDS))
  const status = () => (next() < 0.7 ? { status: pick([...WRONG_VALUES, ...TEXTS, 'won', 'WON']) } : pick(WRONG_VALUES))
  const note = () => ({ body: pick([...TEXTS, ...WRONG_VALUES, 'n'.repeat(NOTE_MAX_LENGTH + 1), 'line\n\tindented']) })
  const brokenJson = () => pick(['{', '{"status":', 'null', '[]', '"won"', '', '\u0000'])
  const bodyType = () =>
    pick([JSON_HEADERS, { 'content-type': 'text/plain' }, { 'content-type': 'application/x-www-form-urlencoded' }])
  const funnelQuery = () =>
    next() < 0.5
      ? `from=${encoded(pick(DAYS))}&to=${encoded(pick(DAYS))}`
      : query(['from', 'to', 'source', '__proto__'])
  const signInBody = () =>
    next() < 0.8
      ? {
          email: pick([...TEXTS, 'owner@example.com\u0000', ...WRONG_VALUES]),
          password: pick(['p'.repeat(PASSWORD_MAX_LENGTH + 1), 'x\u0000', ...TEXTS, ...WRONG_VALUES]),
          ...(next() < 0.3 ? { code: pick([...TEXTS, ...WRONG_VALUES]) } : {}),
        }
      : pick(WRONG_VALUES)

  const cases: (() => HostileAdminRequest)[] = [
    () => get('lead list', `/leads?${query(LIST_KEYS)}`),
    () => get('lead list dates', `/leads?from=${encoded(pick(DAYS))}&to=${encoded(pick(DAYS))}`),
    () => get('lead cursor', `/leads?cursor=${next() < 0.8 ? cursor() : value()}`),
    () => get('lead export', `/leads/export?format=${pick(['csv', 'json', 'xml', '', 'CSV'])}&${query(LIST_KEYS)}`),
    () => get('lead detail', `/leads/${pick(IDS)}`),
    () => ({
      kind: 'unknown lead deleted',
      method: 'DELETE',
      path: admin(`/leads/${pick(IDS)}`),
      signedIn: true,
      headers: {},
    }),
    () => change('status patch', 'PATCH', `/leads/${leadOrNot()}`, status()),
    () => change('note', 'POST', `/leads/${leadOrNot()}/notes`, note()),
    () =>
      change(
        'malformed body',
        pick(['POST', 'PATCH'] as const),
        pick([`/leads/${leadId}`, `/leads/${leadId}/notes`]),
        brokenJson(),
        bodyType(),
      ),
    () => get('funnel', `/funnel?${funnelQuery()}`),
    () => get('funnel csv', `/funnel.csv?${next() < 0.5 ? pick(CALENDAR_ENDS) : query(['from', 'to', 'source'])}`),
    () => get('funnel at the calendar’s ends', `/funnel?${pick(CALENDAR_ENDS)}`),
    () => ({
      kind: 'sign-in',
      method: 'POST',
      path: admin('/session'),
      signedIn: false,
      headers: JSON_HEADERS,
      body: JSON.stringify(signInBody()),
    }),
    () => ({
      ...change('change from another site', 'PATCH', `/leads/${leadId}`, { status: 'lost' }),
      headers: { ...JSON_HEADERS, 'sec-fetch-site': 'cross-site' },
    }),
    () => ({ ...hostileBatch(n), kind: 'event batch', method: 'POST', path: EVENTS_PATH, signedIn: false }),
    () => ({
      kind: 'event rows',
      method: 'POST',
      path: EVENTS_TABLE_PATH,
      signedIn: false,
      headers: { 'content-type': 'application/json', 'user-agent': BROWSER },
      body: JSON.stringify(
        pick<unknown>([
          [null],
          [row(), null],
          [1],
          ['page_view'],
          [[]],
          [{ ...row(), type: pick(['purchase', '', null, 42]) }],
          [{ ...row(), path: pick(['', 'x', '/?q', '/\u0000', null, 42]) }],
          [{ ...row(), source: pick(['a\u0000b', '', '\ud800', 42]) }],
          [{ ...row(), type: 'step_viewed', step: pick([0, -1, 1.5, '1', null, 1e308]) }],
          Array.from({ length: MAX_BATCH_EVENTS + 1 }, row),
          [],
          null,
          'rows',
          [
            { ...row(), source: 'a' },
            { ...row(), source: 'b' },
          ],
          JSON.parse('[{"__proto__": {"path": "/"}, "type": "page_view"}]'),
        ]),
      ),
    }),
    () => ({
      ...hostileBatch(n),
      kind: 'event batch as rows',
      method: 'POST',
      path: EVENTS_TABLE_PATH,
      signedIn: false,
      headers: { ...BATCH_HEADERS, 'content-type': 'application/json' },
    }),
  ]
  // Every kind in turn: the generator's first draws from small seeds are all alike.
  return cases[n % cases.length]!()
}
