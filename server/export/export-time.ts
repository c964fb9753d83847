/**
 * A writer of UTC times (as the page queries read them: ISO 8601 with
 * microseconds) as the wall-clock time of IANA zone `zone`, to the second:
 * `2026-11-27 09:30:12`, what spreadsheets and CRM imports read as a time.
 * Undefined when this server's Intl does not know the zone.
 */
export function zonedTimeWriter(zone: string): ((utc: string) => string) | undefined {
  let parts: Intl.DateTimeFormat
  try {
    parts = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
  } catch {
    return undefined
  }
  return (utc) => {
    const part: Record<string, string> = {}
    for (const { type, value } of parts.formatToParts(new Date(utc))) part[type] = value
    return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}:${part.second}`
  }
}
