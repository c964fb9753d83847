// A 201 must mean the application survives a power cut, not only a kill -9:
// its WAL record has reached the disk (fsync/fdatasync returned) before the
// answer is written. No test here can pull the plug, so this one proves the
// order from the system calls themselves, with strace attached to the server
// (and, on PostgreSQL, to the database server and every backend it starts).
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectionPool } from './support/http-client.ts'
import { runLoad } from './support/load.ts'
import { report } from './support/report.ts'
import { startServer, stopServer, type ServerProcess } from './support/server-process.ts'
import { attachStrace, childPids, type Syscall } from './support/strace.ts'
import { makeApplication, missingFrom, readAllRows, submit, type Application } from './support/submissions.ts'
import { pgliteTarget, postgresTarget, type StorageTarget } from './support/targets.ts'

const TOTAL = 60
const CONNECTIONS = 8

const WRITES = new Set(['write', 'writev', 'pwrite64', 'pwritev', 'pwritev2'])
const SYNCS = new Set(['fsync', 'fdatasync'])
const isWal = (call: Syscall) => call.fd.includes('/pg_wal/')
const isSocket = (call: Syscall) => call.fd.startsWith('socket:') || call.fd.startsWith('TCP')

interface Proof {
  email: string
  requestReadAt: number
  walWrittenAt?: number
  walSyncedAt?: number
  answeredAt?: number
}

/** For each application: when its request was read, its WAL record written and synced, and its 201 written. */
function proveOrder(calls: Syscall[], sent: readonly Application[]): Proof[] {
  const byTime = [...calls].sort((a, b) => a.enteredAt - b.enteredAt)
  return sent.map(({ email }) => {
    const request = byTime.find(
      (call) =>
        isSocket(call) &&
        call.result > 0 &&
        ['read', 'readv', 'recvfrom'].includes(call.name) &&
        call.args.includes(email),
    )
    if (!request) return { email, requestReadAt: Number.NaN }
    const answer = byTime.find(
      (call) =>
        call.fd === request.fd &&
        call.pid === request.pid &&
        WRITES.has(call.name) &&
        call.enteredAt > request.returnedAt &&
        /^\d+<[^>]*>, (?:\[\{iov_base=)?"HTTP\/1\.1 201 /.test(call.args),
    )
    const walWrite = byTime.find(
      (call) =>
        isWal(call) && WRITES.has(call.name) && call.enteredAt > request.returnedAt && call.args.includes(email),
    )
    const walSync =
      walWrite &&
      byTime.find(
        (call) => isWal(call) && SYNCS.has(call.name) && call.result === 0 && call.enteredAt > walWrite.enteredAt,
      )
    return {
      email,
      requestReadAt: request.returnedAt,
      walWrittenAt: walWrite?.enteredAt,
      walSyncedAt: walSync?.returnedAt,
      answeredAt: answer?.enteredAt,
    }
  })
}

describe.each([
  ['PGlite', pgliteTarget],
  ['PostgreSQL', postgresTarget],
] as const)('power-loss safety on %s, proven by the order of system calls', (name, openTarget) => {
  let target: StorageTarget
  let server: ServerProcess
  let traceDir: string
  beforeAll(async () => {
    target = await openTarget()
    server = await startServer(target.env)
    traceDir = await mkdtemp(join(tmpdir(), 'reliability-strace-'))
  })
  afterAll(async () => {
    if (server) await stopServer(server)
    await target?.dispose()
    if (traceDir) await rm(traceDir, { recursive: true, force: true })
  })

  it('writes no 201 before the application’s WAL record is synced to disk', async () => {
    const pids = [server.child.pid ?? 0]
    if ('postgres' in target) {
      const { dir } = (target as Awaited<ReturnType<typeof postgresTarget>>).postgres
      const postmaster = Number((await readFile(join(dir, 'data', 'postmaster.pid'), 'utf8')).split('\n')[0])
      pids.push(postmaster, ...(await childPids(postmaster)))
    }
    const tracer = await attachStrace(pids, join(traceDir, 'trace.txt'))

    const agent = connectionPool(CONNECTIONS)
    const sent = Array.from({ length: TOTAL }, (_, n) => makeApplication(n))
    const { results } = await runLoad({
      total: TOTAL,
      concurrency: CONNECTIONS,
      maxMs: 120_000,
      job: async (n) => (await submit(server.url, sent[n]!, agent)).status,
    })
    agent.destroy()
    const calls = await tracer.stop()

    const proofs = proveOrder(calls, sent)
    const walSyncs = calls.filter((call) => isWal(call) && SYNCS.has(call.name)).length
    report(`power-loss order on ${name}`, {
      'applications acknowledged': results.filter((result) => result.value === 201).length,
      'WAL syncs traced': walSyncs,
      'answered after their WAL sync': proofs.filter(
        (p) => p.walSyncedAt !== undefined && p.answeredAt !== undefined && p.walSyncedAt < p.answeredAt,
      ).length,
    })

    expect(results.map((result) => result.value)).toEqual(sent.map(() => 201))
    for (const proof of proofs) {
      expect(proof.requestReadAt, `${proof.email}: its request was read`).not.toBeNaN()
      expect(proof.walWrittenAt, `${proof.email}: its WAL record was written`).toBeGreaterThan(proof.requestReadAt)
      expect(proof.walSyncedAt, `${proof.email}: the WAL was synced after that`).toBeGreaterThan(
        proof.walWrittenAt ?? Infinity,
      )
      expect(proof.answeredAt, `${proof.email}: its 201 was written after the sync`).toBeGreaterThan(
        proof.walSyncedAt ?? Infinity,
      )
    }
    expect(missingFrom(await readAllRows(server.url), sent)).toHaveLength(0)
  })
})
