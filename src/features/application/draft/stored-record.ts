/** Whether `value` is a plain JSON object. */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * A record this page stored as JSON with a version `v`, read back; null when
 * it is missing, is not JSON, is not an object, or is of another version:
 * a value of another shape is dropped, never misread.
 */
export function storedRecord(text: string | null, version: number): Record<string, unknown> | null {
  if (text === null) return null
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return null
  }
  return isRecord(value) && value.v === version ? value : null
}
