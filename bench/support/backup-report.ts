import type { BackupSummary } from '../../common/backup-api.ts'
import type { BackupPhaseMarks } from './backup-phases.ts'
import { summarize, within, type LatencySummary, type PacedResult, type Window } from './paced-load.ts'

export interface Taken {
  summary: BackupSummary
  /** When the POST left and when its answer came (performance.now()). */
  start: number
  end: number
  steps: BackupPhaseMarks
}

export interface Submitted {
  id: string
  status: number
}

export interface PhaseRow {
  phase: string
  submissions: LatencySummary
  lists: LatencySummary
  residentMax: number
}

interface PhaseInput {
  taken: readonly Taken[]
  submissions: readonly PacedResult<Submitted>[]
  lists: readonly PacedResult<number>[]
  memory: readonly { at: number; bytes: number }[]
  beforeS: number
  afterS: number
}

/** Figures by phase: just before the first backup, during the backups (whole, then step by step), just after each. */
export function phaseRows({
  taken,
  submissions,
  lists,
  memory,
  beforeS: BEFORE_S,
  afterS: AFTER_S,
}: PhaseInput): PhaseRow[] {
  const first = taken[0]
  if (first === undefined) return []
  const stepWindows = (pick: (backup: Taken) => Window): Window[] => taken.map(pick)
  const bounds = ({ start, end, steps }: Taken) => {
    const writing = steps.writing ?? end
    const opening = steps.opening ?? writing
    const stopped = steps.stopped ?? opening
    const copying = steps.copying ?? stopped
    return { start, copying, stopped, opening, writing, end }
  }
  const phases: [string, Window[]][] = [
    [`before the backups (${BEFORE_S} s)`, [[first.start - BEFORE_S * 1000, first.start]]],
    ['**during the backups**', stepWindows(({ start, end }) => [start, end])],
    [
      'during: the slot and pg_backup_start (its checkpoint)',
      stepWindows((backup) => [bounds(backup).start, bounds(backup).copying]),
    ],
    [
      'during: the files copied (libuv threads), to pg_backup_stop',
      stepWindows((backup) => [bounds(backup).copying, bounds(backup).stopped]),
    ],
    [
      'during: the WAL copied, the worker thread starts',
      stepWindows((backup) => [bounds(backup).stopped, bounds(backup).opening]),
    ],
    [
      "during: the worker's PGlite opens the copy (recovery)",
      stepWindows((backup) => [bounds(backup).opening, bounds(backup).writing]),
    ],
    [
      'during: the worker writes the rows (gzip), sync, rename',
      stepWindows((backup) => [bounds(backup).writing, bounds(backup).end]),
    ],
    [`after each backup (${AFTER_S} s)`, stepWindows(({ end }) => [end, end + AFTER_S * 1000])],
  ]
  return phases.map(([phase, windows]) => {
    const resident = memory.filter((sample) => within(sample.at, windows)).map((sample) => sample.bytes)
    return {
      phase,
      submissions: summarize(submissions, windows),
      lists: summarize(lists, windows),
      residentMax: resident.length ? Math.max(...resident) : Number.NaN,
    }
  })
}

const ms = (value: number) => `${value.toFixed(1)} ms`
const mb = (bytes: number) => (Number.isNaN(bytes) ? '—' : `${(bytes / 1024 / 1024).toFixed(1)} MB`)
const count = (value: number) => value.toLocaleString('en')

export function printPhaseTable(rows: readonly PhaseRow[], log: (line: string) => void) {
  log('| | submissions | submissions p50 / p99 / max | lead lists | lead list p50 / p99 / max | server resident max |')
  log('|---|---:|---:|---:|---:|---:|')
  const figures = ({ count: n, p50, p99, max }: LatencySummary) =>
    n === 0 ? '—' : `${ms(p50)} / ${ms(p99)} / ${ms(max)}`
  for (const row of rows) {
    log(
      `| ${row.phase} | ${count(row.submissions.count)} | ${figures(row.submissions)} | ${count(row.lists.count)} | ${figures(row.lists)} | ${mb(row.residentMax)} |`,
    )
  }
}
