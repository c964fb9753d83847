import { describe, expect, it } from 'vitest'
import { HONEYPOT_FIELD } from '../../../../common/contact-submission.ts'
import { DRAFT_KEY, DRAFT_MAX_AGE_MS, createDraftStore } from './draft-store.ts'

const DAY = 24 * 60 * 60 * 1000

/** A store on jsdom's localStorage whose clock the test sets. */
function storeAt(start: number) {
  const clock = { now: start }
  return {
    clock,
    store: createDraftStore(
      () => window.localStorage,
      () => clock.now,
    ),
  }
}

describe('the application draft', () => {
  it('keeps the answers, the question and the submission id as they are saved', () => {
    const { store } = storeAt(Date.now())
    expect(store.read()).toBeNull()
    store.saveAnswer('name', 'Ada Lovelace')
    store.saveStep(2)
    store.saveAnswer('email', 'ada@example.com')
    store.saveSubmissionId('6f0c2b1e-0d5b-4c1e-9a57-3b1f8e7c2d10')
    expect(store.read()).toEqual({
      answers: { name: 'Ada Lovelace', email: 'ada@example.com' },
      step: 2,
      submissionId: '6f0c2b1e-0d5b-4c1e-9a57-3b1f8e7c2d10',
    })
  })

  it('drops the submission id when an answer changes: the edit is a new application', () => {
    const { store } = storeAt(Date.now())
    store.saveAnswer('name', 'Ada')
    store.saveSubmissionId('6f0c2b1e-0d5b-4c1e-9a57-3b1f8e7c2d10')
    store.saveAnswer('name', 'Ada L.')
    expect(store.read()?.submissionId).toBeNull()
  })

  it('is kept for 7 days after the last change, then gone from the device', () => {
    const { clock, store } = storeAt(Date.UTC(2026, 0, 1))
    store.saveAnswer('name', 'Ada')
    clock.now += 6 * DAY
    store.saveAnswer('email', 'ada@example.com')
    clock.now += DRAFT_MAX_AGE_MS
    expect(store.read()?.answers).toEqual({ name: 'Ada', email: 'ada@example.com' })
    clock.now += 1
    expect(store.read()).toBeNull()
    expect(window.localStorage.getItem(DRAFT_KEY)).toBeNull()
  })

  it('never keeps the honeypot, even when asked to or when it is found stored', () => {
    const { store } = storeAt(Date.now())
    store.saveAnswer(HONEYPOT_FIELD, 'https://spam.example')
    store.saveAnswer('name', 'Ada')
    expect(window.localStorage.getItem(DRAFT_KEY)).not.toContain('spam.example')
    const stored = JSON.parse(window.localStorage.getItem(DRAFT_KEY) ?? '{}') as { answers: Record<string, string> }
    window.localStorage.setItem(
      DRAFT_KEY,
      JSON.stringify({ ...stored, answers: { ...stored.answers, [HONEYPOT_FIELD]: 'x' } }),
    )
    expect(store.read()?.answers).toEqual({ name: 'Ada' })
  })

  it('reads anything else under its key, or a draft of another version, as no draft', () => {
    const { store } = storeAt(Date.now())
    for (const text of ['not json', '[]', JSON.stringify({ v: 2, savedAt: Date.now(), answers: {} })]) {
      window.localStorage.setItem(DRAFT_KEY, text)
      expect(store.read()).toBeNull()
    }
  })

  it('clears', () => {
    const { store } = storeAt(Date.now())
    store.saveAnswer('name', 'Ada')
    store.clear()
    expect(store.read()).toBeNull()
  })

  it('keeps what two tabs type into different questions, the last write winning on the same one', () => {
    const now = Date.now()
    const tab1 = createDraftStore(
      () => window.localStorage,
      () => now,
    )
    const tab2 = createDraftStore(
      () => window.localStorage,
      () => now,
    )
    tab1.saveAnswer('name', 'Ada')
    tab2.saveAnswer('email', 'ada@example.com')
    tab1.saveAnswer('phone', '+44 20 7946 0000')
    tab2.saveAnswer('name', 'Ada Lovelace')
    expect(tab1.read()?.answers).toEqual({ name: 'Ada Lovelace', email: 'ada@example.com', phone: '+44 20 7946 0000' })
  })

  it('tells a tab when another tab changes or clears the draft, and not about other keys', () => {
    const { store } = storeAt(Date.now())
    const seen: unknown[] = []
    const stop = store.subscribe((draft) => seen.push(draft?.answers ?? null))
    store.saveAnswer('name', 'Ada')
    window.dispatchEvent(new StorageEvent('storage', { key: DRAFT_KEY }))
    window.dispatchEvent(new StorageEvent('storage', { key: 'attribution.last_touch' }))
    store.clear()
    window.dispatchEvent(new StorageEvent('storage', { key: null }))
    stop()
    window.dispatchEvent(new StorageEvent('storage', { key: DRAFT_KEY }))
    expect(seen).toEqual([{ name: 'Ada' }, null])
  })

  it('keeps nothing, and throws nothing, where storage is disabled', () => {
    const store = createDraftStore(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError')
    })
    expect(() => store.saveAnswer('name', 'Ada')).not.toThrow()
    expect(() => store.clear()).not.toThrow()
    expect(store.read()).toBeNull()
  })
})
