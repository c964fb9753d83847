// npm run bench:quick's memory: each headline figure as a ratio to a reference
// measured in the same run, kept in bench/baseline.json and compared on every
// run. Ratios rather than raw rates, so a busier or faster machine moves both
// sides of each figure and not the verdict.
import { existsSync, readFileSync, writeFileSync } from 'node:fs'

/** How far a ratio may move the wrong way before the figure counts as slower. */
export const TOLERANCE = 0.2

/** One headline figure of a run. */
export interface Figure {
  name: string
  /** The measured figure itself, in `unit`, for the reader; only `ratio` is compared. */
  value: number
  unit: string
  /** The figure over its same-run reference. */
  ratio: number
  /** Rates are higher-is-better; latencies are not, so for them a rise is the loss. */
  higherIsBetter: boolean
  /** The reference's own measured value (nginx's req/s, pgbench's tps…), to tell a changed machine from a changed server. */
  reference?: number
}

export interface BaselineEntry {
  ratio: number
  higherIsBetter: boolean
  value: number
  unit: string
  reference?: number
}

export interface Baseline {
  /** Where and how it was measured: the file is only meaningful on the machine it came from. */
  note: string
  figures: Record<string, BaselineEntry>
}

export type Verdict = 'OK' | 'SLOWER' | 'NEW'

export interface Comparison {
  figure: Figure
  baseline?: number
  /** The ratio's change from its baseline (0.1 is 10 % higher), undefined for a new figure. */
  change?: number
  /** The reference's change from its baseline value, where both are known. */
  referenceChange?: number
  verdict: Verdict
}

export function loadBaseline(path: string): Baseline {
  if (!existsSync(path)) return { note: '', figures: {} }
  return JSON.parse(readFileSync(path, 'utf8')) as Baseline
}

/** Each figure against its baseline; a figure the baseline lacks is NEW, never a failure. */
export function compare(figures: readonly Figure[], baseline: Baseline, tolerance = TOLERANCE): Comparison[] {
  return figures.map((figure) => {
    const entry = baseline.figures[figure.name]
    const before = entry?.ratio
    if (before === undefined || !(before > 0)) return { figure, verdict: 'NEW' }
    const change = figure.ratio / before - 1
    // A higher-is-better figure loses by falling, a lower-is-better one by rising;
    // NaN (a run that measured nothing) counts as a loss.
    const worse = figure.higherIsBetter ? -change : change
    const referenceChange =
      figure.reference !== undefined && entry?.reference ? figure.reference / entry.reference - 1 : undefined
    return {
      figure,
      baseline: before,
      change,
      referenceChange,
      verdict: worse > tolerance || Number.isNaN(worse) ? 'SLOWER' : 'OK',
    }
  })
}

/** Names of the baseline's figures this run did not measure (renamed or removed). */
export function unmeasured(figures: readonly Figure[], baseline: Baseline): string[] {
  const measured = new Set(figures.map((figure) => figure.name))
  return Object.keys(baseline.figures).filter((name) => !measured.has(name))
}

const significant = (value: number) => (Math.abs(value) >= 100 ? value.toFixed(0) : value.toPrecision(3))
const percent = (change: number) => `${change >= 0 ? '+' : ''}${(change * 100).toFixed(1)} %`

/**
 * One line a figure: name, value, ratio, baseline ratio, change, verdict; and
 * where the reference itself moved by more than the tolerance, a note that the
 * machine was not as it was for the baseline, so the verdict may be its doing.
 */
export function formatComparisons(comparisons: readonly Comparison[], tolerance = TOLERANCE): string[] {
  const width = Math.max(...comparisons.map(({ figure }) => figure.name.length))
  return comparisons.map(({ figure, baseline, change, referenceChange, verdict }) => {
    const ratio = `${figure.ratio.toPrecision(3)}${figure.higherIsBetter ? '' : ' (lower is better)'}`
    const against = baseline === undefined ? '—' : baseline.toPrecision(3)
    const moved = change === undefined ? '' : percent(change)
    const machine =
      referenceChange !== undefined && Math.abs(referenceChange) > tolerance
        ? `  (its reference moved ${percent(referenceChange)}: a busier or other machine?)`
        : ''
    return (
      `${figure.name.padEnd(width)}  ${`${significant(figure.value)} ${figure.unit}`.padEnd(15)} ratio ${ratio.padEnd(23)} ` +
      `baseline ${against.padEnd(6)} ${moved.padStart(8)}  ${verdict}${machine}`
    )
  })
}

/** The baseline for `figures`, exactly as measured. */
export function baselineOf(figures: readonly Figure[], note: string): Baseline {
  const entries = figures.map(({ name, ...entry }): [string, BaselineEntry] => [name, entry])
  return { note, figures: Object.fromEntries(entries) }
}

export function writeBaseline(path: string, figures: readonly Figure[], note: string) {
  writeFileSync(path, `${JSON.stringify(baselineOf(figures, note), null, 2)}\n`)
}
