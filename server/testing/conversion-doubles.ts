// Port doubles for the two parts of the conversions this branch does not build
// (ADR 048): the wire to the platforms and the consent's table. They stand in
// for code that does not exist here yet, not for a part that runs: the real
// sender's tests, against stand-in receivers of each platform, are the
// platforms' own.
import type {
  ConsentReader,
  ConversionEvent,
  AdPlatform,
  ConversionResult,
  ConversionSender,
  LeadConsent,
} from '../conversions/ports.ts'
import type { Queryable } from '../db/database.ts'

export interface SentCall {
  platform: AdPlatform
  events: ConversionEvent[]
}

/** Answers each event with what `script` says (sent with a trace id unless told otherwise), and records every call. */
export function scriptedSender(
  script: (event: ConversionEvent, platform: AdPlatform) => ConversionResult = () => ({
    kind: 'sent',
    traceId: 'trace',
  }),
) {
  const calls: SentCall[] = []
  const sender: ConversionSender = {
    async send(platform, events) {
      calls.push({ platform, events: [...events] })
      return events.map((event) => script(event, platform))
    },
  }
  return {
    sender,
    calls,
    events: () => calls.flatMap((call) => call.events.map((event) => ({ platform: call.platform, event }))),
  }
}

/** Consent for the leads in `consented` (every lead, when left out), with made-up match keys. */
export function consentFor(consented?: ReadonlySet<number>): ConsentReader {
  return {
    async read(_db: Queryable, ids) {
      const given: LeadConsent = {
        consented: true,
        clientIp: '203.0.113.7',
        userAgent: 'test-agent',
        landingUrl: 'https://example.com/',
      }
      return new Map(ids.filter((id) => consented === undefined || consented.has(id)).map((id) => [id, given]))
    },
  }
}
