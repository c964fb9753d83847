import {
  AD_PLATFORMS,
  applicationEventId,
  clickedApplication,
  submitClicked,
  type AdPlatformName,
  type AdStandIns,
} from '../../reliability/support/ad-stand-ins.ts'
import { connectionPool } from '../../reliability/support/http-client.ts'
import { waitFor } from '../../reliability/support/lead-webhooks.ts'
import { percentile, runLoad } from '../../reliability/support/load.ts'
import type { ServerProcess } from '../../reliability/support/server-process.ts'
import { pacedLoad } from './paced-load.ts'

export interface PlatformLatency {
  p50Ms: number
  p95Ms: number
  p99Ms: number
  /** Acknowledged applications whose event had not arrived when the wait ended. */
  notArrived: number
  /** When the last of them arrived (Date.now()). */
  lastAt: number
}

export interface ConversionFigures {
  applications: number
  byPlatform: Record<AdPlatformName, PlatformLatency>
}

/** When each event id first reached each platform (Date.now()), read from the stand-ins' requests. */
function firstArrivals(standIns: AdStandIns) {
  const arrivals = standIns.arrivals()
  return Object.fromEntries(
    AD_PLATFORMS.map((platform) => {
      const first = new Map<string, number>()
      for (const { eventId, at } of arrivals[platform]) if (!first.has(eventId)) first.set(eventId, at)
      return [platform, first]
    }),
  ) as Record<AdPlatformName, Map<string, number>>
}

/**
 * From each application's 201 (`acknowledged`: submission id → Date.now()) to the
 * first request carrying its event at each stand-in, after waiting up to `waitMs`
 * for every one to arrive.
 */
export async function conversionLatencies(
  standIns: AdStandIns,
  acknowledged: Map<string, number>,
  waitMs: number,
): Promise<ConversionFigures> {
  const ids = [...acknowledged.keys()].map(applicationEventId)
  await waitFor(() => {
    const accepted = standIns.accepted()
    return AD_PLATFORMS.every((platform) => ids.every((id) => accepted[platform].has(id)))
  }, waitMs)
  const first = firstArrivals(standIns)
  const byPlatform = Object.fromEntries(
    AD_PLATFORMS.map((platform): [AdPlatformName, PlatformLatency] => {
      const latencies: number[] = []
      let lastAt = Number.NaN
      for (const [submissionId, at] of acknowledged) {
        const arrived = first[platform].get(applicationEventId(submissionId))
        if (arrived === undefined) continue
        latencies.push(arrived - at)
        lastAt = Number.isNaN(lastAt) ? arrived : Math.max(lastAt, arrived)
      }
      return [
        platform,
        {
          p50Ms: percentile(latencies, 50),
          p95Ms: percentile(latencies, 95),
          p99Ms: percentile(latencies, 99),
          notArrived: acknowledged.size - latencies.length,
          lastAt,
        },
      ]
    }),
  ) as Record<AdPlatformName, PlatformLatency>
  return { applications: acknowledged.size, byPlatform }
}

/** `size` applications as fast as `connections` keep-alive connections allow. */
export async function conversionBurst(
  server: ServerProcess,
  standIns: AdStandIns,
  { size, connections, waitMs }: { size: number; connections: number; waitMs: number },
) {
  const agent = connectionPool(connections)
  const acknowledged = new Map<string, number>()
  const startedAt = Date.now()
  await runLoad({
    total: size,
    concurrency: connections,
    maxMs: 120_000,
    job: async (n) => {
      const application = clickedApplication(n, 'burst')
      const reply = await submitClicked(server.url, application, agent)
      if (reply.status === 201) acknowledged.set(application.submission_id, Date.now())
    },
  })
  const postedMs = Date.now() - startedAt
  agent.destroy()
  return { ...(await conversionLatencies(standIns, acknowledged, waitMs)), startedAt, postedMs }
}

/** `perSecond` applications a second for `seconds`, each leaving when due (an open loop). */
export async function conversionSteady(
  server: ServerProcess,
  standIns: AdStandIns,
  { perSecond, seconds, waitMs }: { perSecond: number; seconds: number; waitMs: number },
) {
  const agent = connectionPool(4)
  const acknowledged = new Map<string, number>()
  await pacedLoad({
    perSecond,
    maxMs: seconds * 1000 - 1,
    stop: () => false,
    send: async (n) => {
      const application = clickedApplication(n, 'steady')
      const reply = await submitClicked(server.url, application, agent)
      if (reply.status === 201) acknowledged.set(application.submission_id, Date.now())
    },
  })
  agent.destroy()
  return conversionLatencies(standIns, acknowledged, waitMs)
}
