import { site } from '../../content/site.ts'

/**
 * That this device's visitor has already waited out the countdown: a time,
 * nothing that tells one visitor from another. Their saved answers are kept as
 * long, so whoever comes back to them need not wait again.
 */
const KEY = 'countdown.finished_at'
const KEPT_FOR_MS = site.application.savedForDays * 24 * 60 * 60 * 1000

// Storage may be missing or throw (disabled, full): the countdown then runs as on a first visit.
export function countdownFinishedBefore(now = Date.now()): boolean {
  try {
    const at = Number(window.localStorage.getItem(KEY))
    return at > 0 && now - at <= KEPT_FOR_MS
  } catch {
    return false
  }
}

export function rememberCountdownFinished(now = Date.now()): void {
  try {
    window.localStorage.setItem(KEY, String(now))
  } catch {
    // Not kept: the next visit waits again.
  }
}
