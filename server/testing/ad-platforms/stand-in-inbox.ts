// The app configured for all three platforms' stand-ins and a Calendly key,
// with an inbox account signed in: the whole way in, a lead's booking by
// webhook and its outcomes by the inbox's route, as a closer enters them.
import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, beforeAll } from 'vitest'
import { BOOKING_WEBHOOK_PATHS } from '../../../common/booking-api.ts'
import { calendlyDelivery, type Invitee } from '../booking-senders.ts'
import { useSignedInInbox, type SignedInInbox } from '../signed-in-inbox.ts'
import { startStandIns } from './stand-in-apps.ts'

export const CALENDLY_KEY = 'calendly-signing-key-whole-way-0123'

export function useStandInInbox() {
  const env: Record<string, string> = {}
  let standIns: Awaited<ReturnType<typeof startStandIns>> | undefined
  let inbox: SignedInInbox | undefined
  // Registered before the inbox's hooks: the stand-ins are up before the app reads `env`, and close after it.
  beforeAll(async () => {
    standIns = await startStandIns()
    Object.assign(env, { SUBMIT_RATE_LIMIT: '0', CALENDLY_WEBHOOK_SIGNING_KEY: CALENDLY_KEY, ...standIns.env() })
  })
  afterAll(async () => {
    await standIns?.close()
  })
  const { call } = useSignedInInbox((opened) => void (inbox = opened), env)
  const opened = () => {
    if (inbox === undefined || standIns === undefined) throw new Error('opened in beforeAll')
    return { inbox, standIns }
  }

  /** What each stand-in holds of `eventId` (Google: the conversion, not its adjustments). */
  const received = (eventId: string) => {
    const { meta, google, tiktok } = opened().standIns
    return {
      meta: meta.events.filter(({ event }) => event.event_id === eventId).length,
      google: google.conversions.has(eventId) ? 1 : 0,
      tiktok: tiktok.events.filter(({ event }) => event.event_id === eventId).length,
    }
  }

  return {
    get app() {
      return opened().inbox.app
    },
    get db() {
      return opened().inbox.temp.db
    },
    get standIns() {
      return opened().standIns
    },
    /** A request of the signed-in inbox: its session cookie, and the CSRF token on changes. */
    call,
    received,
    /** Waits until each stand-in holds the event once (or 15 s pass), then says what each holds. */
    async delivered(eventId: string) {
      for (let tries = 0; tries < 150; tries += 1) {
        const counts = received(eventId)
        if (counts.meta + counts.google + counts.tiktok >= 3) break
        await sleep(100)
      }
      return received(eventId)
    },
    /** The lead's id in the inbox. */
    async leadId(submissionId: string) {
      const [row] = await opened().inbox.temp.db.query<{ id: number }>(
        'SELECT id FROM contact_submissions WHERE submission_id = $1',
        [submissionId],
      )
      if (row === undefined) throw new Error(`no lead ${submissionId}`)
      return Number(row.id)
    },
    /** Calendly's webhook about the invitee, signed as Calendly signs it. */
    calendly(event: 'invitee.created' | 'invitee.canceled', invitee: Invitee) {
      const { body, headers } = calendlyDelivery(event, invitee, { key: CALENDLY_KEY })
      return opened().inbox.app.inject({ method: 'POST', url: BOOKING_WEBHOOK_PATHS.calendly, headers, payload: body })
    },
  }
}
