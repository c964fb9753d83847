import { randomBytes } from 'node:crypto'
import { Webhook } from 'standardwebhooks'
import { openDatabase } from '../../server/db/open-database.ts'
import { startReceiver } from '../../server/testing/http-receiver.ts'
import type { StorageTarget } from './targets.ts'

export const WEBHOOK_SECRET = `whsec_${randomBytes(32).toString('base64')}`

/** The server's environment to sign webhooks to `urls`; loopback receivers need the SSRF guard opened. */
export const webhookEnv = (urls: readonly string[]) => ({
  LEAD_WEBHOOK_URL: urls.join(','),
  LEAD_WEBHOOK_SECRET: WEBHOOK_SECRET,
  WEBHOOK_ALLOW_PRIVATE: 'true',
})

/** What a receiver saw of one webhook-id. */
export interface ReceivedMessage {
  /** What it announces: 'application.created', 'booking.created', … */
  type: string
  submissionId: string
  /** The provider's id of the booking, for a `booking.*` event. */
  bookingId?: string
  /** Every request with this id, the refused ones included. */
  requests: number
  /** Requests answered 2xx: more than one is a duplicate (allowed, at least once). */
  accepted: number
  /** When (Date.now()) it was first answered 2xx. */
  firstAcceptedAt?: number
}

/**
 * How the receiver answers a correctly signed webhook: an HTTP status, given
 * whether this is the first request with its webhook-id and what it is. A
 * promised status holds the answer until it settles, as a slow receiver would;
 * if the sender is gone by then, it never saw the answer, and it is not counted.
 */
export type Decide = (first: boolean, message: ReceivedMessage) => number | Promise<number>

/**
 * A lead webhook receiver on loopback that verifies each request's signature
 * with the standardwebhooks library, as a receiver in production would, and
 * keeps what it saw by webhook-id. A request failing verification is answered
 * 400 and counted in `forged`.
 */
export async function startLeadReceiver(decide: Decide = () => 204) {
  const webhook = new Webhook(WEBHOOK_SECRET)
  const messages = new Map<string, ReceivedMessage>()
  let forged = 0
  const receiver = await startReceiver((_index, response, request) => {
    let payload: { type?: string; data?: { submission_id?: string; booking_id?: string } }
    try {
      payload = webhook.verify(request.body, request.headers as Record<string, string>) as typeof payload
    } catch {
      forged++
      response.writeHead(400)
      return
    }
    const id = String(request.headers['webhook-id'])
    const seen = messages.get(id)
    const message = seen ?? {
      type: String(payload.type),
      submissionId: String(payload.data?.submission_id),
      bookingId: payload.data?.booking_id,
      requests: 0,
      accepted: 0,
    }
    messages.set(id, message)
    message.requests++
    const answer = (status: number, at: number) => {
      if (status >= 200 && status < 300) {
        message.accepted++
        message.firstAcceptedAt ??= at
      }
      response.writeHead(status)
    }
    const decided = decide(seen === undefined, message)
    if (typeof decided === 'number') {
      answer(decided, request.at)
      return
    }
    let gone = false
    response.once('close', () => (gone = true))
    void decided.then((status) => {
      if (gone) return
      answer(status, Date.now())
      response.end()
    })
    // Left hanging for now: answered above.
    return true
  })
  return {
    url: receiver.url(),
    messages,
    forged: () => forged,
    /** The first time each submission_id was answered 2xx. */
    acceptedBySubmission() {
      const accepted = new Map<string, number>()
      for (const message of messages.values()) {
        if (message.firstAcceptedAt === undefined) continue
        const before = accepted.get(message.submissionId)
        if (before === undefined || message.firstAcceptedAt < before)
          accepted.set(message.submissionId, message.firstAcceptedAt)
      }
      return accepted
    },
    /** Webhook-ids answered 2xx more than once, and submission_ids that arrived under more than one id. */
    duplicates() {
      const ids = [...messages.values()].filter((message) => message.accepted > 1).length
      const perSubmission = new Map<string, number>()
      for (const message of messages.values())
        perSubmission.set(message.submissionId, (perSubmission.get(message.submissionId) ?? 0) + 1)
      return { ids, submissions: [...perSubmission.values()].filter((count) => count > 1).length }
    },
    requestCount: () => receiver.requests.length,
    close: () => receiver.close(),
  }
}

export type LeadReceiver = Awaited<ReturnType<typeof startLeadReceiver>>

/**
 * Opens the target's database from this process, as an operator's tool would.
 * The embedded database has one opener at a time: call it only while no
 * server runs on it.
 */
export function openTargetDatabase(target: StorageTarget) {
  return openDatabase(
    { databaseUrl: target.env.DATABASE_URL, dataDir: target.env.DATA_DIR ?? '' },
    { purpose: 'maintenance' },
  )
}

/** Polls `check` every 100 ms until it holds or `limitMs` passes; resolves to whether it held. */
export async function waitFor(check: () => boolean | Promise<boolean>, limitMs: number) {
  const deadline = Date.now() + limitMs
  for (let round = 0; round < Math.ceil(limitMs / 100) + 1; round++) {
    if (await check()) return true
    if (Date.now() > deadline) return false
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return check()
}
