import { setTimeout as sleep } from 'node:timers/promises'
import { describe, it } from 'vitest'
import { BOOKING_WEBHOOK_PATHS } from '../common/booking-api.ts'
import type { Row } from '../server/db/database.ts'
import { LEASE_SECONDS } from '../server/notify/notifier-options.ts'
import { calendlyDelivery, calendlyInviteeUri, type Delivery } from '../server/testing/booking-senders.ts'
import { connectionPool, send } from './support/http-client.ts'
import { openTargetDatabase, startLeadReceiver, waitFor, webhookEnv } from './support/lead-webhooks.ts'
import { countBy, runLoad } from './support/load.ts'
import { report } from './support/report.ts'
import { startServer, stopServer, type ServerProcess } from './support/server-process.ts'
import { makeApplication, missingFrom, readAllRows, submit, type Application } from './support/submissions.ts'
import { storageTargets } from './support/targets.ts'

const SIGNING_KEY = 'reliability-calendly-signing-key-0123'
const LEADS = 50
const BOOKINGS = 200
const CONNECTIONS = 16
// The burst comes in waves of CONNECTIONS a few hundred ms apart, as a provider
// flushing its queue would: the kill then lands mid-burst with a wave in flight
// however fast this machine applies them.
const WAVE_MS = 250
// The kill comes this long at most into its wave: some of the wave applied and
// answered, some applied and not answered, some not applied.
const KILL_INTO_WAVE_MS = 40
// The receiver holds its answer to a booking.created this long, so some are in
// flight at the kill: their claim has to lapse before they are sent again.
const HOLD_MS = 300
// Applications that keep coming during the burst: bounded, and few enough that
// their own webhooks do not crowd the bookings' out of the wait below.
const APPLICATIONS_DURING = 500
const APPLICATION_CONNECTIONS = 2
// A provider retries what got no 2xx; a few rounds, a second apart, within a minute.
const RESEND_ROUNDS = 5
const RESEND_MS = 60_000
// A delivery claimed at the kill is sent again once its claim lapses on PostgreSQL,
// at once on the embedded database (docs/integrations.md, "Nothing is lost");
// anything else goes at once after the restart.
const CLAIM_MS = LEASE_SECONDS * 1000
const ANNOUNCED_WITHIN_MS = CLAIM_MS + 30_000

/** One booking as the provider holds it: the signed delivery (resent as is) and what we learnt of it. */
interface Booking {
  uri: string
  submissionId: string
  delivery: Delivery
  /** Answered 2xx: during the burst or on a resend. */
  answered?: 'burst' | 'resend'
  /** The server's `applied`: false on a resend means the burst's unanswered try had been applied. */
  applied?: boolean
}

interface BookingRow extends Row {
  uri: string
  application_id: string | null
  created: number
}

// Both databases run at once, as in webhook-crash-recovery: most of each case is
// the wait for a claim to lapse.
describe('kill -9 of the server during a burst of Calendly bookings', () => {
  it.concurrent.for(storageTargets())(
    'applies each booking once and announces each at least once after the crash, on %s',
    async ([, openTarget], { expect }) => {
      const target = await openTarget()
      let held = 0
      const hold = async () => {
        held++
        await sleep(HOLD_MS)
        held--
        return 204
      }
      const receiver = await startLeadReceiver((_first, message) => (message.type === 'booking.created' ? hold() : 204))
      let server: ServerProcess | undefined
      try {
        const env = { ...target.env, ...webhookEnv([receiver.url]), CALENDLY_WEBHOOK_SIGNING_KEY: SIGNING_KEY }
        server = await startServer(env)
        const live = server

        // The leads who book: stored (and acknowledged) before their bookings come.
        const leads = Array.from({ length: LEADS }, (_, n) => makeApplication(n))
        const leadAgent = connectionPool(CONNECTIONS)
        const { results: stored } = await runLoad({
          total: LEADS,
          concurrency: CONNECTIONS,
          maxMs: 30_000,
          job: (n) => submit(live.url, leads[n]!, leadAgent),
        })
        leadAgent.destroy()
        expect(stored.filter((result) => result.value?.status === 201)).toHaveLength(LEADS)
        const acknowledged: Application[] = [...leads]

        // Signed once, resent as is: the whole case fits in Calendly's five-minute tolerance.
        const bookings: Booking[] = Array.from({ length: BOOKINGS }, (_, n) => {
          const lead = leads[n % LEADS]!
          const uri = calendlyInviteeUri()
          const delivery = calendlyDelivery(
            'invitee.created',
            { uri, email: lead.email, name: lead.name, salesforceUuid: lead.submission_id },
            { key: SIGNING_KEY },
          )
          return { uri, submissionId: lead.submission_id, delivery }
        })
        const deliver = async (
          baseUrl: string,
          booking: Booking,
          agent: ReturnType<typeof connectionPool>,
          when: 'burst' | 'resend',
        ) => {
          const reply = await send(baseUrl, {
            path: BOOKING_WEBHOOK_PATHS.calendly,
            headers: booking.delivery.headers,
            body: booking.delivery.body,
            agent,
          })
          if (reply.status >= 200 && reply.status < 300) {
            booking.answered = when
            booking.applied = (JSON.parse(reply.body) as { applied?: boolean }).applied
          }
          return reply.status
        }
        const bookingsAnnounced = () =>
          [...receiver.messages.values()].filter(
            (message) => message.type === 'booking.created' && message.accepted > 0,
          ).length

        // Past a random share of the burst, a moment into a wave, while the receiver holds a
        // booking.created: deliveries in, outbox rows and webhooks out are all in flight at the kill.
        const killAt = Math.floor(BOOKINGS * (0.3 + Math.random() * 0.5))
        let dead = false
        let killedAt = Date.now()
        let heldAtKill = 0
        void live.exited.then(() => (dead = true))
        const agent = connectionPool(CONNECTIONS)
        const applicationAgent = connectionPool(APPLICATION_CONNECTIONS)
        const during = Array.from({ length: APPLICATIONS_DURING }, (_, n) => makeApplication(LEADS + n))
        let burstOver = false
        const started = performance.now()
        const [burst, applications] = await Promise.all([
          runLoad({
            total: BOOKINGS,
            concurrency: CONNECTIONS,
            maxMs: 20_000,
            stop: () => dead,
            job: async (n) => {
              const wait = started + Math.floor(n / CONNECTIONS) * WAVE_MS - performance.now()
              if (wait > 0) await sleep(wait)
              if (n === killAt) {
                await waitFor(() => held > 0, 5_000)
                await sleep(Math.random() * KILL_INTO_WAVE_MS)
                heldAtKill = held
                killedAt = Date.now()
                live.child.kill('SIGKILL')
              }
              return deliver(live.url, bookings[n]!, agent, 'burst')
            },
          }).finally(() => (burstOver = true)),
          runLoad({
            total: APPLICATIONS_DURING,
            concurrency: APPLICATION_CONNECTIONS,
            maxMs: 20_000,
            stop: () => dead || burstOver,
            job: (n) => submit(live.url, during[n]!, applicationAgent),
          }),
        ])
        // On a very slow machine the burst may end on its time bound first: kill anyway.
        if (!dead) {
          killedAt = Date.now()
          live.child.kill('SIGKILL')
        }
        const exit = await live.exited
        agent.destroy()
        applicationAgent.destroy()
        expect(exit.signal).toBe('SIGKILL')
        for (const result of applications.results)
          if (result.value?.status === 201) acknowledged.push(during[result.index]!)
        const answeredInBurst = bookings.filter((booking) => booking.answered === 'burst').length
        const announcedAtKill = bookingsAnnounced()

        server = await startServer(env)
        const restarted = server
        const restartedAt = Date.now()
        const resendAgent = connectionPool(CONNECTIONS)
        const resendDeadline = performance.now() + RESEND_MS
        const resendStatuses: (number | string)[] = []
        let resendRounds = 0
        for (; resendRounds < RESEND_ROUNDS && performance.now() < resendDeadline; resendRounds++) {
          const pending = bookings.filter((booking) => booking.answered === undefined)
          if (pending.length === 0) break
          if (resendRounds > 0) await sleep(1_000)
          const { results } = await runLoad({
            total: pending.length,
            concurrency: CONNECTIONS,
            maxMs: resendDeadline - performance.now(),
            job: (n) => deliver(restarted.url, pending[n]!, resendAgent, 'resend'),
          })
          resendStatuses.push(...results.map((result) => result.value ?? 'network error'))
        }
        resendAgent.destroy()
        const unanswered = bookings.filter((booking) => booking.answered === undefined)

        // Each booking announced at least once, matched by the provider's id of it.
        const announced = () => {
          const byBooking = new Map<string, { submissionIds: Set<string>; ids: number }>()
          for (const message of receiver.messages.values()) {
            if (message.type !== 'booking.created' || message.accepted === 0 || message.bookingId === undefined)
              continue
            const seen = byBooking.get(message.bookingId) ?? { submissionIds: new Set(), ids: 0 }
            seen.submissionIds.add(message.submissionId)
            seen.ids++
            byBooking.set(message.bookingId, seen)
          }
          return byBooking
        }
        const allAnnounced = await waitFor(
          () => {
            const byBooking = announced()
            return bookings.every((booking) => byBooking.has(booking.uri))
          },
          killedAt + ANNOUNCED_WITHIN_MS - Date.now(),
        )
        const waitedMs = Date.now() - restartedAt

        const rows = await readAllRows(restarted.url)
        // The embedded database has one opener: the server stops before it is read.
        await stopServer(restarted)
        server = undefined
        const db = await openTargetDatabase(target)
        let bookingRows: BookingRow[]
        let deliveryRows: { uri: string; state: string }[]
        let outboxLeft: number
        try {
          bookingRows = await db.query<BookingRow>(
            `SELECT b.provider_booking_id AS uri, b.application_id::text AS application_id,
               (SELECT count(*)::int FROM booking_events e WHERE e.booking_id = b.id AND e.kind = 'created') AS created
             FROM bookings b WHERE b.provider = 'calendly'`,
          )
          deliveryRows = await db.query<{ uri: string; state: string }>(
            `SELECT b.provider_booking_id AS uri, d.state FROM lead_deliveries d
             JOIN booking_events e ON e.id = d.booking_event_id JOIN bookings b ON b.id = e.booking_id
             WHERE d.event = 'booking.created'`,
          )
          const [outbox] = await db.query<{ count: number }>(
            'SELECT count(*)::int AS count FROM lead_outbox WHERE booking_event_id IS NOT NULL',
          )
          outboxLeft = Number(outbox?.count)
        } finally {
          await db.close()
        }

        const leadIds = new Map(rows.map((row) => [row.submission_id, String(row.id)]))
        const rowsByUri = countBy(bookingRows, (row) => row.uri)
        const wrongRows = bookings.filter((booking) => {
          const row = bookingRows.find((candidate) => candidate.uri === booking.uri)
          return (
            rowsByUri[booking.uri] !== 1 ||
            row?.created !== 1 ||
            row.application_id !== leadIds.get(booking.submissionId)
          )
        })
        const byBooking = announced()
        const notAnnounced = bookings.filter((booking) => !byBooking.has(booking.uri))
        const announcedForWrongLead = bookings.filter((booking) => {
          const seen = byBooking.get(booking.uri)
          return seen !== undefined && (seen.submissionIds.size !== 1 || !seen.submissionIds.has(booking.submissionId))
        })
        const underSeveralIds = [...byBooking.values()].filter((seen) => seen.ids > 1).length
        const deliveriesByUri = countBy(deliveryRows, (row) => row.uri)
        const lost = missingFrom(rows, acknowledged)
        const resentApplied = bookings.filter(
          (booking) => booking.answered === 'resend' && booking.applied === true,
        ).length
        const resentAlreadyApplied = bookings.filter(
          (booking) => booking.answered === 'resend' && booking.applied === false,
        ).length

        report(
          `kill -9 during a burst of ${BOOKINGS} Calendly bookings of ${LEADS} leads, with applications arriving, on ${target.name}`,
          {
            'killed at delivery': killAt,
            'sent in the burst (answered 2xx)': `${burst.results.length} (${answeredInBurst})`,
            'booking.created accepted by the receiver at the kill (held unanswered)': `${announcedAtKill} (${heldAtKill})`,
            'resent after the restart (rounds; answers)': `${bookings.length - answeredInBurst} (${resendRounds}; ${JSON.stringify(countBy(resendStatuses, (status) => status))})`,
            'resent and applied now / applied before the kill already': `${resentApplied} / ${resentAlreadyApplied}`,
            'never answered 2xx': unanswered.length,
            'booking rows (distinct invitees)': `${bookingRows.length} (${Object.keys(rowsByUri).length})`,
            'bookings not exactly once, or not with their lead': wrongRows.length,
            'applications acknowledged during the burst': acknowledged.length - LEADS,
            'acknowledged applications missing': lost.length,
            'booking.created deliveries (states)': `${deliveryRows.length} (${JSON.stringify(countBy(deliveryRows, (row) => row.state))})`,
            'booking outbox rows left': outboxLeft,
            'bookings announced (distinct)': byBooking.size,
            'bookings not announced': notAnnounced.length,
            'bookings announced for another lead': announcedForWrongLead.length,
            'bookings announced under more than one webhook-id': underSeveralIds,
            'webhook-ids accepted more than once (allowed)': receiver.duplicates().ids,
            'signatures refused': receiver.forged(),
            'from the restart to the last booking announced': `${(waitedMs / 1000).toFixed(1)} s`,
          },
        )

        // The kill came part-way through the burst.
        expect(answeredInBurst).toBeGreaterThan(0)
        expect(answeredInBurst).toBeLessThan(BOOKINGS)
        expect(unanswered).toHaveLength(0)
        expect(bookingRows).toHaveLength(BOOKINGS)
        expect(wrongRows.map((booking) => booking.uri)).toEqual([])
        expect(lost).toHaveLength(0)
        expect(new Set(rows.map((row) => row.submission_id)).size).toBe(rows.length)
        expect(allAnnounced).toBe(true)
        expect(notAnnounced.map((booking) => booking.uri)).toEqual([])
        expect(announcedForWrongLead).toHaveLength(0)
        // One delivery per booking event and channel: a retry keeps its webhook-id.
        expect(Object.values(deliveriesByUri).every((count) => count === 1)).toBe(true)
        expect(deliveryRows).toHaveLength(BOOKINGS)
        expect(underSeveralIds).toBe(0)
        expect(receiver.forged()).toBe(0)
      } finally {
        if (server) await stopServer(server)
        await receiver.close()
        await target.dispose()
      }
    },
  )
})
