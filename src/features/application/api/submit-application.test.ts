import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { submittedColumns } from '../../../../common/contact-submission.ts'
import { validAnswers } from '../../../../common/testing/valid-answers.ts'
import { submissionTiming } from '../../../content/submission-timing.ts'
import { SubmissionError, parseRetryAfter, submitApplication, type Application } from './submit-application.ts'

const application: Application = {
  answers: validAnswers(),
  submissionId: '3f0c1b8e-8a51-4c9e-9d3a-6a2b1e0f4c7d',
  honeypot: '',
}

const created = () => new Response(null, { status: 201 })
const lost = () => Promise.reject(new TypeError('Failed to fetch'))
const refusal = (status: number, code: string, headers?: HeadersInit) =>
  Response.json({ code, message: 'x', details: null, hint: null }, { status, headers })

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>

// The page records its visit once, whichever test sends first: this is where it landed.
beforeAll(() => {
  window.history.replaceState(null, '', '/?utm_source=ig&utm_campaign=launch&fbclid=abc')
})

beforeEach(() => {
  vi.useFakeTimers()
  fetchMock = vi.fn<typeof fetch>()
  vi.stubGlobal('fetch', fetchMock)
})

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

/** Starts a submission and records how it ends, without letting a rejection go unhandled. */
function start() {
  const result: { settled: boolean; error?: unknown } = { settled: false }
  const done = submitApplication(application).then(
    () => {
      result.settled = true
    },
    (error: unknown) => {
      result.settled = true
      result.error = error
    },
  )
  return { result, done }
}

/** Lets pending promises (the mocked fetch, body reads) run without moving the clock. */
const flush = () => vi.advanceTimersByTimeAsync(0)

const sentBodies = () => fetchMock.mock.calls.map(([, init]) => JSON.parse(String(init?.body)) as unknown)

describe('submitApplication', () => {
  it('sends the answers, the submission id and the honeypot as one PostgREST insert', async () => {
    fetchMock.mockImplementation(async () => created())
    await submitApplication({ ...application, honeypot: 'https://spam.example', attribution: null })

    const [url, init] = fetchMock.mock.calls[0] ?? []
    const columns = new URL(String(url), 'http://page.test').searchParams.get('columns')
    // supabase-js's list: every key of the row, quoted, in the row's order.
    expect(columns).toBe(
      submittedColumns()
        .map((column) => `"${column}"`)
        .join(','),
    )
    expect(init?.method).toBe('POST')
    expect(init?.headers).toMatchObject({ 'Content-Type': 'application/json', Prefer: 'return=minimal' })
    expect(init?.signal).toBeInstanceOf(AbortSignal)
    expect(JSON.parse(String(init?.body))).toEqual([
      {
        ...application.answers,
        submission_id: application.submissionId,
        _gotcha: 'https://spam.example',
        attribution: null,
      },
    ])
  })

  it('sends where the visitor came from, as this page recorded it', async () => {
    fetchMock.mockImplementation(async () => created())
    await submitApplication(application)
    const touch = {
      utm_source: 'ig',
      utm_campaign: 'launch',
      fbclid: 'abc',
      landing_path: '/',
      captured_at: expect.any(String),
    }
    expect(sentBodies()).toEqual([
      [expect.objectContaining({ attribution: { first_touch: touch, last_touch: touch } })],
    ])
    expect(localStorage.getItem('attribution.last_touch')).toContain('"fbclid":"abc"')
  })

  it('sends an attribution cleaned as the server cleans it', async () => {
    fetchMock.mockImplementation(async () => created())
    await submitApplication({
      ...application,
      attribution: {
        first_touch: { utm_source: 'ig', unknown: 'x', gclid: 'g'.repeat(256) },
        last_touch: 'no',
      } as never,
    })
    expect(sentBodies()).toEqual([[expect.objectContaining({ attribution: { first_touch: { utm_source: 'ig' } } })]])
  })

  it('retries a lost request after 1 s, then 2 s, with the same submission id', async () => {
    fetchMock
      .mockImplementationOnce(lost)
      .mockImplementationOnce(lost)
      .mockImplementation(async () => created())
    const { result, done } = start()

    await flush()
    expect(fetchMock).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(999)
    expect(fetchMock).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(fetchMock).toHaveBeenCalledTimes(2)
    await vi.advanceTimersByTimeAsync(1_999)
    expect(fetchMock).toHaveBeenCalledTimes(2)
    expect(result.settled).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    await done
    expect(fetchMock).toHaveBeenCalledTimes(3)
    expect(result).toEqual({ settled: true })
    const bodies = sentBodies()
    expect(bodies[0]).toEqual([expect.objectContaining({ submission_id: application.submissionId })])
    expect(new Set(bodies.map((body) => JSON.stringify(body))).size).toBe(1)
  })

  it('succeeds on the second try', async () => {
    fetchMock.mockImplementationOnce(lost).mockImplementation(async () => created())
    const { result, done } = start()
    await vi.advanceTimersByTimeAsync(1_000)
    await done
    expect(result).toEqual({ settled: true })
    expect(fetchMock).toHaveBeenCalledTimes(2)
  })

  it('gives up after three retries (1 s, 2 s, 4 s apart) and reports the last failure', async () => {
    fetchMock.mockImplementation(lost)
    const { result, done } = start()
    await flush()
    for (const [retry, delay] of submissionTiming.retryDelaysMs.entries()) {
      await vi.advanceTimersByTimeAsync(delay - 1)
      expect(fetchMock).toHaveBeenCalledTimes(retry + 1)
      await vi.advanceTimersByTimeAsync(1)
      expect(fetchMock).toHaveBeenCalledTimes(retry + 2)
    }
    await done
    expect(fetchMock).toHaveBeenCalledTimes(4)
    expect(result.error).toBeInstanceOf(SubmissionError)
    expect(result.error).toMatchObject({ attempts: 4, message: expect.stringContaining('Failed to fetch') })
    expect(new Set(sentBodies().map((body) => JSON.stringify(body))).size).toBe(1)
  })

  it('abandons an attempt the server leaves unanswered, and retries it', async () => {
    fetchMock
      .mockImplementationOnce(
        (_url, init) =>
          new Promise((_resolve, reject) => {
            init?.signal?.addEventListener('abort', () => reject(init.signal?.reason))
          }),
      )
      .mockImplementation(async () => created())
    const { result, done } = start()
    await vi.advanceTimersByTimeAsync(submissionTiming.attemptTimeoutMs - 1)
    expect(fetchMock).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(fetchMock.mock.calls[0]?.[1]?.signal?.aborted).toBe(true)
    await vi.advanceTimersByTimeAsync(1_000)
    await done
    expect(fetchMock).toHaveBeenCalledTimes(2)
    expect(result).toEqual({ settled: true })
  })

  it('takes a 409 duplicate (23505) as stored: an earlier attempt got in', async () => {
    fetchMock.mockImplementationOnce(lost).mockImplementation(async () => refusal(409, '23505'))
    const { result, done } = start()
    await vi.advanceTimersByTimeAsync(1_000)
    await done
    expect(result).toEqual({ settled: true })
    expect(fetchMock).toHaveBeenCalledTimes(2)
  })

  it('fails at once on another 409', async () => {
    fetchMock.mockImplementation(async () => refusal(409, '23503'))
    const { result, done } = start()
    await done
    expect(result.error).toMatchObject({ status: 409, attempts: 1 })
  })

  it.each([
    [400, 'PGRST102'],
    [401, '42501'],
    [413, 'PGRST413'],
    [429, 'PGRST429'],
    [500, 'XX000'],
  ])('does not retry an HTTP %i', async (status, code) => {
    fetchMock.mockImplementation(async () => refusal(status, code, { 'Retry-After': '1' }))
    const { result, done } = start()
    await done
    await vi.advanceTimersByTimeAsync(60_000)
    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect(result.error).toBeInstanceOf(SubmissionError)
    expect(result.error).toMatchObject({ status, body: { code }, attempts: 1 })
  })

  it('retries a 503, waiting as long as Retry-After asks', async () => {
    fetchMock
      .mockImplementationOnce(async () => refusal(503, 'PGRST000', { 'Retry-After': '3' }))
      .mockImplementation(async () => created())
    const { result, done } = start()
    await vi.advanceTimersByTimeAsync(2_999)
    expect(fetchMock).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1)
    await done
    expect(fetchMock).toHaveBeenCalledTimes(2)
    expect(result).toEqual({ settled: true })
  })

  it('retries the 502 and 504 of a proxy in front of the server, as a 503', async () => {
    fetchMock
      .mockImplementationOnce(async () => refusal(502, 'PGRST000'))
      .mockImplementationOnce(async () => refusal(504, 'PGRST000'))
      .mockImplementation(async () => refusal(409, '23505'))
    const { result, done } = start()
    await vi.advanceTimersByTimeAsync(999)
    expect(fetchMock).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(fetchMock).toHaveBeenCalledTimes(2)
    await vi.advanceTimersByTimeAsync(2_000)
    await done
    expect(fetchMock).toHaveBeenCalledTimes(3)
    expect(result).toEqual({ settled: true })
  })

  it('cuts a long Retry-After to the cap, and never waits less than the backoff', async () => {
    fetchMock
      .mockImplementationOnce(async () => refusal(503, 'PGRST000', { 'Retry-After': '3600' }))
      .mockImplementationOnce(async () => refusal(503, 'PGRST000', { 'Retry-After': '0' }))
      .mockImplementation(async () => created())
    const { result, done } = start()
    await vi.advanceTimersByTimeAsync(submissionTiming.maxRetryAfterMs - 1)
    expect(fetchMock).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(fetchMock).toHaveBeenCalledTimes(2)
    await vi.advanceTimersByTimeAsync(1_999)
    expect(fetchMock).toHaveBeenCalledTimes(2)
    await vi.advanceTimersByTimeAsync(1)
    await done
    expect(fetchMock).toHaveBeenCalledTimes(3)
    expect(result).toEqual({ settled: true })
  })

  it('gives up on a 503 that lasts through every retry', async () => {
    fetchMock.mockImplementation(async () => refusal(503, 'PGRST000'))
    const { result, done } = start()
    await vi.advanceTimersByTimeAsync(7_000)
    await done
    expect(fetchMock).toHaveBeenCalledTimes(4)
    expect(result.error).toMatchObject({ status: 503, attempts: 4 })
  })
})

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-11-21T12:00:00Z')

  it('reads seconds and HTTP dates, and ignores anything else', () => {
    expect(parseRetryAfter('5', now)).toBe(5_000)
    expect(parseRetryAfter(' 0 ', now)).toBe(0)
    expect(parseRetryAfter('Sat, 21 Nov 2026 12:00:07 GMT', now)).toBe(7_000)
    expect(parseRetryAfter('Sat, 21 Nov 2026 11:00:00 GMT', now)).toBe(0)
    expect(parseRetryAfter(null, now)).toBeUndefined()
    expect(parseRetryAfter('', now)).toBeUndefined()
    expect(parseRetryAfter('-1', now)).toBeUndefined()
    expect(parseRetryAfter('soon', now)).toBeUndefined()
  })
})
