import { HONEYPOT_FIELD } from '../../../../common/contact-submission.ts'
import { site } from '../../../content/site.ts'
import { isRecord, storedRecord } from './stored-record.ts'

/**
 * The application as typed so far, kept on the visitor's own device so a
 * reload or a return within a week finds it in place. It is what they wrote,
 * never sent anywhere by itself, and holds nothing that tells one visitor from
 * another: no identifier, and never the honeypot.
 */
export interface Draft {
  answers: Record<string, string>
  /** The question last shown, 0-based. */
  step: number
  /** The submission_id of an application being sent: a reload that sends it again is told it is in. */
  submissionId: string | null
}

export const DRAFT_KEY = 'application.draft'
/** Raised when the stored shape changes: a draft of another shape is dropped, not misread. */
const VERSION = 1
export const DRAFT_MAX_AGE_MS = site.application.savedForDays * 24 * 60 * 60 * 1000

interface Stored extends Draft {
  v: typeof VERSION
  savedAt: number
}

function parse(text: string | null, now: number): Draft | null {
  const value = storedRecord(text, VERSION)
  if (value === null || typeof value.savedAt !== 'number') return null
  if (!(now - value.savedAt <= DRAFT_MAX_AGE_MS) || !isRecord(value.answers)) return null
  const answers = Object.fromEntries(
    Object.entries(value.answers).filter(
      (entry): entry is [string, string] => entry[0] !== HONEYPOT_FIELD && typeof entry[1] === 'string',
    ),
  )
  const step = typeof value.step === 'number' && Number.isInteger(value.step) && value.step >= 0 ? value.step : 0
  const submissionId = typeof value.submissionId === 'string' ? value.submissionId : null
  return { answers, step, submissionId }
}

const EMPTY: Draft = { answers: {}, step: 0, submissionId: null }

/**
 * Reads and writes the draft. Every write reads the stored draft first and
 * changes only what it is about, so two tabs typing into different questions
 * keep both; for one question the last write wins. Storage that is missing or
 * throws (disabled, full, private mode of old) only means nothing is kept.
 */
export function createDraftStore(storage: () => Storage, now: () => number = Date.now) {
  const read = (): Draft | null => {
    try {
      const draft = parse(storage().getItem(DRAFT_KEY), now())
      // An expired or unreadable draft is gone, not left to be found later.
      if (!draft) storage().removeItem(DRAFT_KEY)
      return draft
    } catch {
      return null
    }
  }
  const update = (change: (draft: Draft) => Draft) => {
    try {
      const next: Stored = { ...change(read() ?? EMPTY), v: VERSION, savedAt: now() }
      storage().setItem(DRAFT_KEY, JSON.stringify(next))
    } catch {
      // Not kept on this device; the page goes on from what it holds.
    }
  }

  return {
    read,
    /** Keeps one answer. A changed answer is a new application, so no submission_id goes with it. */
    saveAnswer(field: string, value: string): void {
      if (field === HONEYPOT_FIELD) return
      update((draft) => ({ ...draft, answers: { ...draft.answers, [field]: value }, submissionId: null }))
    },
    saveStep(step: number): void {
      update((draft) => ({ ...draft, step }))
    },
    saveSubmissionId(submissionId: string): void {
      update((draft) => ({ ...draft, submissionId }))
    },
    clear(): void {
      try {
        storage().removeItem(DRAFT_KEY)
      } catch {
        // Nothing was kept.
      }
    },
    /** Calls `onChange` with the draft whenever another tab of this site changes or clears it. */
    subscribe(onChange: (draft: Draft | null) => void): () => void {
      const listener = (event: StorageEvent) => {
        // A null key: that tab cleared all of this site's storage.
        if (event.key === DRAFT_KEY || event.key === null) onChange(read())
      }
      window.addEventListener('storage', listener)
      return () => window.removeEventListener('storage', listener)
    },
  }
}

export type DraftStore = ReturnType<typeof createDraftStore>

// Reading window.localStorage itself throws where storage is disabled.
export const pageDraft: DraftStore = createDraftStore(() => window.localStorage)
