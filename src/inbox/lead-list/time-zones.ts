/**
 * The zones to choose from: every one this browser knows, with `current`
 * among them even where the browser names its own zone by an alias the list
 * leaves out (Asia/Calcutta for Asia/Kolkata), and UTC.
 */
export function timeZoneChoices(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []
  return [...new Set([...known, current, 'UTC'])].sort()
}
