import type { FastifyPluginAsync } from 'fastify'
import type { Database } from '../db/database.ts'
import { registerPeriodicSweep } from '../http/periodic-sweep.ts'
import { releaseConversionClaims } from './claim.ts'
import { deliverDue, type DeliverOptions } from './deliver.ts'
import { registerPlatforms, type ConfiguredPlatform } from './platforms.ts'
import type { ConsentReader, ConversionPlatform, ConversionSender } from './ports.ts'
import { SHOWED_SWEEP_MS, sweepShowed } from './showed-sweep.ts'

export interface ConversionsOptions {
  db: Database
  /** The platforms this server sends to; none: the worker and the sweep do not run. */
  platforms: readonly ConfiguredPlatform[]
  sender: ConversionSender
  consent: ConsentReader
  /** How often due rows are looked for. */
  pollMs?: number
  onPaused?: DeliverOptions['onPaused']
  batchLimit?: number
  retryDelaysMs?: readonly number[]
}

export const CONVERSIONS_POLL_MS = 1000

/**
 * Sends the conversions while the app runs (ADR 048). At start it writes which
 * platforms this server sends to (always: a platform no longer configured
 * gets no more rows) and lifts a pause made under another token; then, for the
 * configured ones only, the worker looks for due rows every `pollMs`, each
 * platform drained batch by batch, and the sweep finds calls that passed.
 */
export function conversionsPlugin(options: ConversionsOptions): FastifyPluginAsync {
  return async (app) => {
    const { db, platforms } = options
    app.addHook('onReady', async () => {
      const resumed = await registerPlatforms(db, platforms)
      if (resumed.length > 0) app.log.info({ resumed }, 'conversions: a new token lifted the pause')
      // The data directory's lock proves the process that held them is gone.
      const released = db.exclusive && platforms.length > 0 ? await releaseConversionClaims(db) : 0
      if (released > 0) app.log.info({ released }, 'conversions: claims left by an earlier process released')
    })
    if (platforms.length === 0) return
    const deliver: DeliverOptions = { ...options, log: app.log }
    // A burst is sent batch after batch; a platform's request in flight holds only its own.
    const drain = async (platform: ConversionPlatform) => {
      while ((await deliverDue(platform, deliver)).more);
    }
    registerPeriodicSweep(app, {
      intervalMs: options.pollMs ?? CONVERSIONS_POLL_MS,
      run: async () => {
        await Promise.all(platforms.map(({ platform }) => drain(platform)))
      },
      failure: 'conversions: the due rows could not be sent or recorded; trying again',
    })
    registerPeriodicSweep(app, {
      intervalMs: SHOWED_SWEEP_MS,
      run: async () => {
        await sweepShowed(db)
      },
      failure: 'conversions: calls that passed could not be swept; trying again',
    })
  }
}
