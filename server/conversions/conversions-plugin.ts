import type { FastifyPluginAsync } from 'fastify'
import type { Database } from '../db/database.ts'
import { registerPeriodicSweep } from '../http/periodic-sweep.ts'
import { releaseConversionClaims } from './claim.ts'
import { deliverDue, type DeliverOptions } from './deliver.ts'
import { registerPlatforms, type ConfiguredPlatform } from './platforms.ts'
import type { ConsentReader, AdPlatform, ConversionSender } from './ports.ts'
import { SHOWED_SWEEP_MS, sweepShowed } from './showed-sweep.ts'

/** What sends the conversions: given only when at least one platform is configured. */
export interface ConversionDelivery {
  /** The platforms this server sends to, each with its token's fingerprint. */
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
 * The conversions while the app runs (ADR 048). At start every server writes
 * which platforms it sends to, none included, so a platform no longer
 * configured gets no more rows, and a pause made under another token is
 * lifted. With `delivery`, the worker looks for due rows every `pollMs`, each
 * platform drained batch after batch (a request in flight holds only its own
 * platform), and the sweep finds calls that passed without a no-show.
 */
export function conversionsPlugin({
  db,
  delivery,
}: {
  db: Database
  delivery?: ConversionDelivery
}): FastifyPluginAsync {
  return async (app) => {
    const platforms = delivery?.platforms ?? []
    app.addHook('onReady', async () => {
      // Never a reason not to serve: the worker's next round finds what is due either way.
      try {
        const resumed = await registerPlatforms(db, platforms)
        if (resumed.length > 0) app.log.info({ resumed }, 'conversions: a new token lifted the pause')
        // The data directory's lock proves the process that held them is gone.
        const released = db.exclusive && platforms.length > 0 ? await releaseConversionClaims(db) : 0
        if (released > 0) app.log.info({ released }, 'conversions: claims left by an earlier process released')
      } catch (error) {
        app.log.warn({ err: error }, 'conversions: the platforms could not be registered')
      }
    })
    if (delivery === undefined || platforms.length === 0) return
    const options: DeliverOptions = { db, ...delivery, log: app.log }
    const drain = async (platform: AdPlatform) => {
      while ((await deliverDue(platform, options)).more);
    }
    registerPeriodicSweep(app, {
      intervalMs: delivery.pollMs ?? CONVERSIONS_POLL_MS,
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
