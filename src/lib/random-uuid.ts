/**
 * A random (version 4) UUID. `crypto.randomUUID` exists only in secure
 * contexts (https, localhost), and the page may be served over plain http on a
 * LAN or behind a proxy; `crypto.getRandomValues` exists everywhere.
 */
export function randomUuid(): string {
  const { randomUUID } = crypto as Partial<Crypto>
  if (typeof randomUUID === 'function') return crypto.randomUUID()
  return uuidFromRandomBytes(crypto.getRandomValues(new Uint8Array(16)))
}

/** RFC 9562 version 4 layout over 16 random bytes. */
export function uuidFromRandomBytes(bytes: Uint8Array): string {
  if (bytes.length !== 16) throw new RangeError('A UUID takes exactly 16 bytes.')
  const octets = Uint8Array.from(bytes)
  octets[6] = ((octets[6] ?? 0) & 0x0f) | 0x40
  octets[8] = ((octets[8] ?? 0) & 0x3f) | 0x80
  const hex = Array.from(octets, (octet) => octet.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}
