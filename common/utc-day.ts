/**
 * The UTC day of `time` as YYYY-MM-DD: the calendar the database, the server
 * and the page share, whatever zone each runs in.
 */
export const utcDay = (time: Date = new Date()) => time.toISOString().slice(0, 10)
