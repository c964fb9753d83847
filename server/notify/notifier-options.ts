// What a notifier is given and what it offers; notifier.ts runs it.
import type { Database } from '../db/database.ts'
import type { Channel } from './channel.ts'

export interface NotifierLog {
  info(object: object, message: string): void
  warn(object: object, message: string): void
  error(object: object, message: string): void
}

export interface NotifierOptions {
  db: Database
  channels: readonly Channel[]
  log: NotifierLog
  /** How often the outbox is looked at when idle. */
  pollMs?: number
  /** The waits between attempts; their count bounds the attempts. */
  retryDelaysMs?: readonly number[]
  /** Sends in flight at once to one channel, unless the channel asks for fewer. */
  perChannelConcurrency?: number
  /** How long a claim lasts: longer than any send may take. */
  leaseSeconds?: number
}

export interface Notifier {
  /** Looks at the outbox now rather than at the next poll; wakes during a look make one more look. */
  wake(): void
  /** Stops polling, aborts sends in flight and waits for them to be recorded. */
  stop(): Promise<void>
}

/**
 * Enough for a burst of leads to reach a receiver as fast as this server takes
 * them in, with the time each send takes on a real network, without opening
 * more connections to one receiver than a small one (a form tool, a CRM) copes with.
 */
export const PER_CHANNEL_CONCURRENCY = 32
/**
 * How long a claim lasts: longer than the slowest send, an email's three 15 s
 * SMTP timeouts (connecting, the greeting, a silent server), with room to
 * record it. Another instance sends a delivery again only after this.
 */
export const LEASE_SECONDS = 60
