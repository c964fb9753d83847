/**
 * Reading a message as an SMTP server received it, for tests: the server's
 * email tests and the end-to-end lead inbox read the lead email the same way.
 */

const decodeQuotedPrintable = (body: string) => {
  const bytes = body
    .replace(/=\r\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
  return Buffer.from(bytes, 'latin1').toString('utf8')
}

function decodeBody(headers: string, body: string): string {
  const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase()
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body)
  return body
}

// RFC 2047: a header's non-ASCII text travels as =?charset?Q|B?text?=, and the space between two such words is not text.
const ENCODED_WORD = /=\?utf-8\?([QB])\?([^?]*)\?=/gi
const decodeWords = (value: string) =>
  value
    .replace(/(\?=)\s+(?==\?)/g, '$1')
    .replace(ENCODED_WORD, (_, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replaceAll('_', ' ')),
    )

/** A header of the message, unfolded (as long headers are split over lines), its encoded words decoded. */
export function emailHeader(raw: string, name: string): string | undefined {
  const headers = raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ')
  const line = headers.split('\r\n').find((candidate) => candidate.toLowerCase().startsWith(`${name.toLowerCase()}:`))
  return line === undefined ? undefined : decodeWords(line.slice(name.length + 1).trim())
}

/** The decoded body of the message's part of `type` (text/plain, text/html), with \n line ends. */
export function emailPart(raw: string, type: string): string {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(raw)?.[1]
  if (!boundary) throw new Error('not a multipart message')
  for (const section of raw.split(`--${boundary}`)) {
    const split = section.indexOf('\r\n\r\n')
    const headers = section.slice(0, split)
    if (!new RegExp(`content-type:\\s*${type}`, 'i').test(headers)) continue
    // SMTP carries every line with CRLF, whatever the sender wrote.
    return decodeBody(headers, section.slice(split + 4).replace(/\r\n$/, '')).replace(/\r\n/g, '\n')
  }
  throw new Error(`no ${type} part`)
}
