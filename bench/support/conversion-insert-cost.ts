import type { AdStandIns } from '../../reliability/support/ad-stand-ins.ts'
import { startServer, stopServer, type ServerProcess } from '../../reliability/support/server-process.ts'
import { pgliteTarget, type StorageTarget } from '../../reliability/support/targets.ts'
import { inRounds, median, medianRatio } from './rounds.ts'
import { measureSubmissions } from './submission-load.ts'

const ROUNDS = 5
const SECONDS = 2
const CONNECTIONS = 64

export interface InsertCost {
  on: number[]
  off: number[]
  /** Median over rounds of on / off: what the three platforms cost the insert at saturation. */
  ratio: number
  onMedian: number
  offMedian: number
}

/**
 * Applications stored a second at saturation (64 connections, as bench:api),
 * by two servers on fresh embedded databases measured in alternating rounds:
 * one with the three platforms on and every lead consenting (implied), so each
 * insert also writes its consent and three conversion rows that the worker
 * sends meanwhile, and one with none on.
 */
export async function insertCostOfConversions(standIns: AdStandIns): Promise<InsertCost> {
  const targets: StorageTarget[] = []
  const servers: ServerProcess[] = []
  try {
    const launch = async (env: Record<string, string>) => {
      const target = await pgliteTarget()
      targets.push(target)
      const server = await startServer({ ...target.env, ...env, LOG_LEVEL: 'info' })
      servers.push(server)
      // Warm, answers unchecked: a restarted server stalls now and then in its first seconds.
      measureSubmissions(server.url, { seconds: 1, connections: CONNECTIONS })
      return server
    }
    const on = await launch(standIns.env)
    const off = await launch({})
    const rates = await inRounds(ROUNDS, {
      on: () => measureSubmissions(on.url, { seconds: SECONDS, connections: CONNECTIONS }).perSecond,
      off: () => measureSubmissions(off.url, { seconds: SECONDS, connections: CONNECTIONS }).perSecond,
    })
    return {
      ...rates,
      ratio: medianRatio(rates.on, rates.off),
      onMedian: median(rates.on),
      offMedian: median(rates.off),
    }
  } finally {
    for (const server of servers) await stopServer(server)
    for (const target of targets) await target.dispose()
  }
}
