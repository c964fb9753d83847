/**
 * The inbox's times, all in the agency's zone (TIMEZONE), which the server
 * names in the session: the same clock for every teammate, wherever their
 * browser is. Until the session has said, the browser's own zone.
 */
import { zonedDay } from '../../../common/zoned-day.ts'

let zone: string | undefined

const formatters = (timeZone: string | undefined) => ({
  dateTime: new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone }),
  callTime: new Intl.DateTimeFormat(undefined, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
  }),
  fullCallTime: new Intl.DateTimeFormat(undefined, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
  }),
  day: new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', timeZone }),
  dayWithYear: new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', year: 'numeric', timeZone }),
})

let formats = formatters(undefined)

/**
 * Shows every time from now on in `timeZone` (the session's); the inbox calls it before any screen renders.
 * A zone this browser does not know (the server's may be newer) shows UTC rather than no inbox at all, and
 * the header then names UTC: the answer says which zone it took.
 */
export function setInboxTimeZone(timeZone: string): string {
  if (timeZone === zone) return timeZone
  try {
    formats = formatters(timeZone)
    zone = timeZone
  } catch {
    formats = formatters('UTC')
    zone = 'UTC'
  }
  return zone
}

/** The zone the inbox shows times in. */
export const inboxTimeZone = () => zone ?? (Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC')

/** A stored time on the agency's clock. */
export const formatDateTime = (iso: string) => formats.dateTime.format(new Date(iso))

/** A call's start on the agency's clock, short: "Tue 26 Nov, 14:30". */
export const formatCallTime = (iso: string) => formats.callTime.format(new Date(iso))

/** A call's start in full, with its year: "Tue 26 Nov 2026, 14:30". */
export const formatFullCallTime = (iso: string) => formats.fullCallTime.format(new Date(iso))

/**
 * A day on the agency's clock as people say it: "20 Nov", with the year only
 * when it is not this year there. Undefined for text that is not a time.
 */
export function formatDay(iso: string, now = new Date()): string | undefined {
  const day = new Date(iso)
  if (Number.isNaN(day.getTime())) return undefined
  const year = (time: Date) => zonedDay(time, inboxTimeZone()).slice(0, 4)
  return (year(day) === year(now) ? formats.day : formats.dayWithYear).format(day)
}
