import { randomUUID } from 'node:crypto'
import type { ConversionEvent } from '../../conversions/platforms/types.ts'

/** A lead's stage with every key the platforms match on, made up for one test; `overrides` changes any. */
export function madeUpEvent(overrides: Partial<ConversionEvent> = {}): ConversionEvent {
  const now = Date.now()
  return {
    submissionId: randomUUID(),
    stage: 'application',
    occurredAt: new Date(now - 60_000),
    email: '  Jane.Roe@Example.COM ',
    phone: '+44 844 412 4653',
    fbclid: { value: 'IwAR2F4-dbP0l7Mn1IawQQGCINEz7PYXQvwjNwB_qa2of', capturedAt: new Date(now - 3_600_000) },
    gclid: 'EAIaIQobChMI5d2t_sample-gclid_0123456789',
    ttclid: 'E.C.P.v3.sample-ttclid-0123456789',
    pageUrl: 'https://apply.agency.example/?utm_source=meta&fbclid=IwAR2F4',
    clientIp: '203.0.113.7',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36',
    ...overrides,
  }
}

/** `count` made-up events, each a new lead. */
export const madeUpEvents = (count: number, overrides: Partial<ConversionEvent> = {}) =>
  Array.from({ length: count }, () => madeUpEvent(overrides))
