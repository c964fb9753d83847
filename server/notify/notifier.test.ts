import { randomBytes } from 'node:crypto'
import type { ServerResponse } from 'node:http'
import { setTimeout as sleep } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'
import { parseConfig } from '../config.ts'
import type { Database, QueryOptions, Row } from '../db/database.ts'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { startReceiver } from '../testing/http-receiver.ts'
import { insertApplication } from '../testing/insert-application.ts'
import { useTempDatabase } from '../testing/use-temp-database.ts'
import { channelsFor } from './channels.ts'
import type { NotifierOptions } from './notifier-options.ts'
import { startNotifier } from './notifier.ts'

const temp = useTempDatabase()

const log = { info: () => undefined, warn: () => undefined, error: () => undefined }

function notifierFor(url: string, options: Partial<NotifierOptions> = {}) {
  const env = {
    LEAD_WEBHOOK_URL: url,
    LEAD_WEBHOOK_SECRET: `whsec_${randomBytes(32).toString('base64')}`,
    WEBHOOK_ALLOW_PRIVATE: 'true',
  }
  return startNotifier({
    db: temp.db,
    channels: channelsFor(parseConfig(env).notifications),
    log,
    pollMs: 20,
    retryDelaysMs: [100],
    ...options,
  })
}

async function eventually(check: () => Promise<boolean> | boolean, what: string, limitMs = 15_000) {
  const deadline = Date.now() + limitMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not reached within ${limitMs} ms`)
    await sleep(20)
  }
}

const delivered = async (leads: readonly number[]) => {
  const [row] = await temp.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM lead_deliveries WHERE application_id = ANY($1::bigint[]) AND state = 'delivered'`,
    [[...leads]],
  )
  return row?.n === leads.length
}

/**
 * The database, with every look at the outbox (the statement that reads
 * lead_outbox) counted, and the next one's answer held back on request.
 */
function countingLooks(db: Database) {
  let looks = 0
  let gate: { reached: () => void; released: Promise<void> } | undefined
  const counted: Database = {
    ...db,
    async query<T extends Row = Row>(sql: string, params?: readonly unknown[], options?: QueryOptions) {
      const rows = await db.query<T>(sql, params, options)
      if (!sql.includes('lead_outbox')) return rows
      looks++
      const held = gate
      gate = undefined
      if (held) {
        held.reached()
        await held.released
      }
      return rows
    },
  }
  return {
    db: counted,
    looks: () => looks,
    /** Holds back the answer of the next look; `reached` resolves once it has run. */
    holdNextLook() {
      let reached = () => {}
      let release = () => {}
      const wasReached = new Promise<void>((resolve) => (reached = resolve))
      gate = { reached, released: new Promise<void>((resolve) => (release = resolve)) }
      return { reached: wasReached, release }
    },
  }
}

describe(`the notifier on ${DATABASE_TARGET}`, () => {
  it('makes one more look for any number of wakes during a look', async () => {
    const receiver = await startReceiver()
    const counting = countingLooks(temp.db)
    // No polls: every look after the first is a wake's.
    const notifier = notifierFor(receiver.url(), { db: counting.db, pollMs: 3_600_000 })
    try {
      await eventually(() => counting.looks() === 1, 'the first look')
      const first = await insertApplication(temp.db)
      const held = counting.holdNextLook()
      notifier.wake()
      await held.reached
      // Stored after the look in flight read the outbox: only a later look can take it.
      const second = await insertApplication(temp.db)
      const looksBefore = counting.looks()
      for (let n = 0; n < 200; n++) notifier.wake()
      held.release()
      await eventually(() => delivered([first, second]), 'both leads delivered')
      await notifier.stop()
      expect(counting.looks() - looksBefore).toBe(1)
      expect(receiver.requests).toHaveLength(2)
    } finally {
      await notifier.stop()
      await receiver.close()
    }
  })

  it('makes no look for a wake when no channel is configured, and its poll still empties the outbox', async () => {
    const counting = countingLooks(temp.db)
    const notifier = startNotifier({ db: counting.db, channels: [], log, pollMs: 300 })
    try {
      await eventually(() => counting.looks() === 1, 'the first look')
      const lead = await insertApplication(temp.db)
      for (let n = 0; n < 50; n++) notifier.wake()
      await sleep(100)
      expect(counting.looks()).toBe(1)
      await eventually(
        async () => (await temp.db.query('SELECT 1 FROM lead_outbox WHERE application_id = $1', [lead])).length === 0,
        'the outbox row gone at the next poll',
      )
      expect(counting.looks()).toBe(2)
    } finally {
      await notifier.stop()
    }
  })

  it('has as many requests open at one receiver as perChannelConcurrency, never more', async () => {
    const limit = 4
    const waiting: ServerResponse[] = []
    let open = 0
    let mostOpen = 0
    // Answers only once `limit` requests are open, so a lower limit would leave them hanging.
    const receiver = await startReceiver((_, response) => {
      open++
      mostOpen = Math.max(mostOpen, open)
      waiting.push(response)
      if (waiting.length < limit) return true
      for (const held of waiting.splice(0)) {
        open--
        held.writeHead(200).end()
      }
      return true
    })
    const leads = await Promise.all(Array.from({ length: 3 * limit }, () => insertApplication(temp.db)))
    const notifier = notifierFor(receiver.url(), { perChannelConcurrency: limit })
    try {
      await eventually(() => delivered(leads), 'every lead delivered')
      expect(mostOpen).toBe(limit)
      expect(receiver.requests).toHaveLength(leads.length)
    } finally {
      await notifier.stop()
      await receiver.close()
    }
  })

  it('refills a lane as each send ends, not once its whole batch has: a hung request holds one place', async () => {
    let hung: number | undefined
    const receiver = await startReceiver((_, _response, request) => {
      hung ??= (JSON.parse(request.body) as { data: { id: number } }).data.id
      return (JSON.parse(request.body) as { data: { id: number } }).data.id === hung
    })
    const leads = await Promise.all(Array.from({ length: 12 }, () => insertApplication(temp.db)))
    const notifier = notifierFor(receiver.url(), { perChannelConcurrency: 4 })
    try {
      await eventually(
        async () => hung !== undefined && (await delivered(leads.filter((lead) => lead !== hung))),
        'all but the hung one delivered',
      )
    } finally {
      await notifier.stop()
      await receiver.close()
    }
    const [left] = await temp.db.query<{ state: string; attempts: number }>(
      'SELECT state, attempts FROM lead_deliveries WHERE application_id = $1',
      [hung],
    )
    // Stopping aborted it: due again, and the attempt cut short does not count.
    expect(left).toEqual({ state: 'pending', attempts: 0 })
  })
})
