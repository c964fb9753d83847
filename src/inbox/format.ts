const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })

/** A stored time as the reader's clock shows it. */
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso))
