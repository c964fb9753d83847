import { storedRecord } from './stored-record.ts'

/**
 * That this tab's visitor has applied, and where they book: kept in
 * sessionStorage, so a reload after the application shows the booking link
 * again rather than the application (a second one would be a second lead).
 * A new tab, or the browser closed, starts afresh. It is what the page itself
 * made after the server stored the application, never sent anywhere.
 */
export interface Applied {
  /** The prefilled booking page the confirmation links to. */
  bookingUrl: string
  /** The application's submission_id, for the funnel's booking click. */
  submissionId: string
}

export const APPLIED_KEY = 'application.applied'
/** Raised when the stored shape changes: one of another shape is dropped, not misread. */
const VERSION = 1

/** Only a web page becomes the link's href: what storage holds is never trusted to be one. */
function webPage(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined
  try {
    const { protocol } = new URL(value)
    return protocol === 'https:' || protocol === 'http:' ? value : undefined
  } catch {
    return undefined
  }
}

function parse(text: string | null): Applied | null {
  const value = storedRecord(text, VERSION)
  if (value === null || typeof value.submissionId !== 'string') return null
  const bookingUrl = webPage(value.bookingUrl)
  return bookingUrl === undefined ? null : { bookingUrl, submissionId: value.submissionId }
}

/** Reads and writes it. Storage that is missing or throws only means a reload offers the application again. */
export function createAppliedStore(storage: () => Storage) {
  return {
    read(): Applied | null {
      try {
        return parse(storage().getItem(APPLIED_KEY))
      } catch {
        return null
      }
    },
    save(applied: Applied): void {
      try {
        storage().setItem(APPLIED_KEY, JSON.stringify({ v: VERSION, ...applied }))
      } catch {
        // Not kept: the link stays on screen until the page is left.
      }
    },
  }
}

export type AppliedStore = ReturnType<typeof createAppliedStore>

// Reading window.sessionStorage itself throws where storage is disabled.
export const pageApplied: AppliedStore = createAppliedStore(() => window.sessionStorage)
