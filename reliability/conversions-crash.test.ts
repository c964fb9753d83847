import { randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { describe, it } from 'vitest'
import { LEASE_SECONDS } from '../server/conversions/deliver.ts'
import {
  AD_PLATFORMS,
  applicationEventId,
  applicationEventName,
  clickedApplication,
  clickIdOf,
  startAdStandIns,
  submitClicked,
  type AdPlatformName,
  type AdStandIns,
  type Arrival,
  type ClickedApplication,
} from './support/ad-stand-ins.ts'
import { connectionPool } from './support/http-client.ts'
import { waitFor } from './support/lead-webhooks.ts'
import { runLoad } from './support/load.ts'
import { report } from './support/report.ts'
import { startServer, stopServer, type ServerProcess } from './support/server-process.ts'
import { missingFrom, readAllRows } from './support/submissions.ts'
import { storageTargets } from './support/targets.ts'

const KILLS = 3
const LEADS = 500
const CONNECTIONS = 16
// A batch in flight at a kill stays claimed for LEASE_SECONDS on PostgreSQL (the embedded
// database's restart takes its claims back at once), then is sent again under the same ids.
const DELIVERY_WAIT_MS = LEASE_SECONDS * 1000 + 45_000

/** Per platform: the leads whose event never arrived, and those that arrived under another id or name. */
function audit(applications: readonly ClickedApplication[], arrivals: Record<AdPlatformName, Arrival[]>) {
  return Object.fromEntries(
    AD_PLATFORMS.map((platform) => {
      const byClick = new Map<string, Arrival[]>()
      for (const arrival of arrivals[platform])
        byClick.set(arrival.clickId, [...(byClick.get(arrival.clickId) ?? []), arrival])
      const leads = new Set(applications.map((application) => clickIdOf(application, platform)))
      const wrong = applications.filter((application) =>
        (byClick.get(clickIdOf(application, platform)) ?? []).some(
          (arrival) =>
            arrival.eventId !== applicationEventId(application.submission_id) ||
            arrival.name !== applicationEventName(platform),
        ),
      )
      const strangers = arrivals[platform].filter((arrival) => !leads.has(arrival.clickId))
      const repeats = [...byClick.values()].filter((sent) => sent.length > 1).length
      return [platform, { wrong: wrong.length, strangers: strangers.length, repeats }]
    }),
  ) as Record<AdPlatformName, { wrong: number; strangers: number; repeats: number }>
}

/**
 * Kills the server the moment a stand-in has read its next request in full (or after 15 s):
 * the platform has the batch, and the server has not yet recorded its answer, so what it
 * claimed is sent again after the restart.
 */
async function killMidSend(standIns: AdStandIns, live: ServerProcess) {
  const seen = standIns.requestCount()
  const deadline = Date.now() + 15_000
  while (standIns.requestCount() === seen && Date.now() < deadline) await sleep(1)
  live.child.kill('SIGKILL')
}

// The two databases run at once: most of PostgreSQL's case is the wait for a claim to lapse.
describe('kill -9 of the server during a burst of applications with conversions to Meta, Google Ads and TikTok', () => {
  it.concurrent.for(storageTargets())(
    'delivers every stored lead’s application to each platform, a repeat under the same id, after three crashes, on %s',
    async ([, openTarget], { expect }) => {
      const target = await openTarget()
      const standIns = await startAdStandIns()
      let server: ServerProcess | undefined
      try {
        const env = { ...target.env, ...standIns.env }
        const run = randomUUID().slice(0, 8)
        const leads = Array.from({ length: LEADS }, (_, n) => clickedApplication(n, run))
        const acknowledged: ClickedApplication[] = []
        const unacknowledged: ClickedApplication[] = []
        const perRound = Math.ceil(LEADS / KILLS)
        const requestsAtKills: number[] = []

        for (let round = 0; round < KILLS; round++) {
          server = await startServer(env)
          const live = server
          const agent = connectionPool(CONNECTIONS)
          const batch = leads.slice(round * perRound, (round + 1) * perRound)
          // Past a random share of the round, so applications and conversions are both in flight at the kill.
          const killAt = Math.floor(batch.length * (0.3 + Math.random() * 0.6))
          let dead = false
          void live.exited.then(() => (dead = true))
          const before = standIns.requestCount()
          const { results } = await runLoad({
            total: batch.length,
            concurrency: CONNECTIONS,
            maxMs: 30_000,
            stop: () => dead,
            job: async (n) => {
              if (n === killAt) await killMidSend(standIns, live)
              return submitClicked(live.url, batch[n]!, agent)
            },
          })
          if (!dead) live.child.kill('SIGKILL')
          const exit = await live.exited
          agent.destroy()
          expect(exit.signal).toBe('SIGKILL')
          requestsAtKills.push(standIns.requestCount() - before)
          const ok = new Set(results.filter((result) => result.value?.status === 201).map((result) => result.index))
          batch.forEach((application, n) => (ok.has(n) ? acknowledged : unacknowledged).push(application))
        }

        server = await startServer(env)
        const restartedAt = performance.now()
        // The rest of the burst, and what a visitor's page resends after getting no answer; 409: stored already.
        const agent = connectionPool(CONNECTIONS)
        const { results: resent } = await runLoad({
          total: unacknowledged.length,
          concurrency: CONNECTIONS,
          maxMs: 30_000,
          job: (n) => submitClicked(server!.url, unacknowledged[n]!, agent),
        })
        agent.destroy()
        for (const result of resent)
          if ([201, 409].includes(result.value?.status ?? 0)) acknowledged.push(unacknowledged[result.index]!)

        const rows = await readAllRows(server.url)
        const stored = leads.filter((application) =>
          rows.some((row) => row.submission_id === application.submission_id),
        )
        const arrivedEverywhere = () => {
          const accepted = standIns.accepted()
          return stored.every((application) =>
            AD_PLATFORMS.every((platform) => accepted[platform].has(applicationEventId(application.submission_id))),
          )
        }
        const allArrived = await waitFor(arrivedEverywhere, DELIVERY_WAIT_MS)
        const waitedMs = performance.now() - restartedAt

        const accepted = standIns.accepted()
        const notArrived = Object.fromEntries(
          AD_PLATFORMS.map((platform) => [
            platform,
            stored.filter((application) => !accepted[platform].has(applicationEventId(application.submission_id)))
              .length,
          ]),
        )
        const arrivals = standIns.arrivals()
        const audited = audit(leads, arrivals)
        const refusals = standIns.refusals()
        report(
          `kill -9 ×${KILLS} during ${LEADS} applications with conversions to three platforms, on ${target.name}`,
          {
            'applications acknowledged (201, or 409 on the resend)': acknowledged.length,
            'rows stored': rows.length,
            'requests each server made to the stand-ins before its kill': requestsAtKills.join(', '),
            'events sent (Meta, Google, TikTok)': AD_PLATFORMS.map((platform) => arrivals[platform].length).join(', '),
            'stored leads not arrived (Meta, Google, TikTok)': AD_PLATFORMS.map((p) => notArrived[p]).join(', '),
            'leads sent more than once, same id (Meta, Google, TikTok)': AD_PLATFORMS.map(
              (p) => audited[p].repeats,
            ).join(', '),
            'from the last restart to the last event arrived': `${(waitedMs / 1000).toFixed(1)} s`,
          },
        )

        expect(acknowledged).toHaveLength(LEADS)
        expect(missingFrom(rows, acknowledged)).toEqual([])
        expect(rows).toHaveLength(LEADS)
        expect(allArrived).toBe(true)
        expect(notArrived).toEqual({ meta: 0, google: 0, tiktok: 0 })
        // A repeat carries the lead's one id (Meta event_id, Google orderId, TikTok event_id) and its stage's name.
        for (const platform of AD_PLATFORMS)
          expect({ platform, wrong: audited[platform].wrong, strangers: audited[platform].strangers }).toEqual({
            platform,
            wrong: 0,
            strangers: 0,
          })
        expect(refusals).toEqual({ meta: [], google: [], tiktok: [] })
        // The kills came while conversions were being sent, not before the first went out.
        expect(requestsAtKills.some((count) => count > 0)).toBe(true)
      } finally {
        if (server) await stopServer(server)
        await standIns.close()
        await target.dispose()
      }
    },
  )
})
