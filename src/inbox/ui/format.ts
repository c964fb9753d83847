const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })

/** A stored time as the reader's clock shows it. */
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso))

const callTime = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
})

/** A call's start as the reader's clock shows it, short: "Tue 26 Nov, 14:30". */
export const formatCallTime = (iso: string) => callTime.format(new Date(iso))
