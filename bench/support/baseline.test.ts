import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import {
  compare,
  formatComparisons,
  loadBaseline,
  unmeasured,
  writeBaseline,
  type Baseline,
  type Figure,
} from './baseline.ts'

const rate = (ratio: number, name = 'api: PGlite'): Figure => ({
  name,
  value: 900,
  unit: 'req/s',
  ratio,
  higherIsBetter: true,
})
const latency = (ratio: number, name = 'notify: burst p99'): Figure => ({
  name,
  value: 800,
  unit: 'ms',
  ratio,
  higherIsBetter: false,
})
const baseline = (figures: Figure[]): Baseline => ({
  note: 'test',
  figures: Object.fromEntries(figures.map(({ name, ...entry }) => [name, entry])),
})

describe('compare', () => {
  it('fails a figure 21 % below its baseline, naming it', () => {
    const [result] = compare([rate(0.79)], baseline([rate(1)]))
    expect(result?.verdict).toBe('SLOWER')
    expect(result?.change).toBeCloseTo(-0.21)
    expect(formatComparisons([result!])[0]).toMatch(/^api: PGlite .*-21\.0 %\s+SLOWER$/)
  })

  it('passes a figure 19 % below its baseline, and any rise', () => {
    expect(compare([rate(0.81), rate(3)], baseline([rate(1)])).map((result) => result.verdict)).toEqual(['OK', 'OK'])
  })

  it('fails a lower-is-better figure 21 % above its baseline and passes it 19 % above or any fall', () => {
    const results = compare([latency(1.21), latency(1.19), latency(0.2)], baseline([latency(1)]))
    expect(results.map((result) => result.verdict)).toEqual(['SLOWER', 'OK', 'OK'])
    expect(formatComparisons(results)[0]).toMatch(/^notify: burst p99 .*lower is better.*\+21\.0 %\s+SLOWER$/)
  })

  it('reports a figure the baseline lacks as new, not as a failure', () => {
    const [result] = compare([rate(0.1, 'events: PGlite')], baseline([rate(1)]))
    expect(result?.verdict).toBe('NEW')
    expect(result?.baseline).toBeUndefined()
    expect(formatComparisons([result!])[0]).toMatch(/NEW$/)
  })

  it('fails a figure that measured nothing', () => {
    expect(compare([rate(Number.NaN)], baseline([rate(1)]))[0]?.verdict).toBe('SLOWER')
  })

  it('notes a reference that moved more than the tolerance, as the machine’s doing rather than the server’s', () => {
    const before = baseline([{ ...rate(1), reference: 50_000 }])
    const [busy, same] = formatComparisons(
      compare(
        [
          { ...rate(0.7), reference: 30_000 },
          { ...rate(0.7), reference: 45_000 },
        ],
        before,
      ),
    )
    expect(busy).toMatch(/SLOWER {2}\(its reference moved -40\.0 %/)
    expect(same).toMatch(/SLOWER$/)
  })

  it('names the baseline figures a run did not measure', () => {
    expect(unmeasured([rate(1)], baseline([rate(1), latency(1)]))).toEqual(['notify: burst p99'])
  })
})

describe('writeBaseline and loadBaseline', () => {
  let dir = ''
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  it('write what was measured (--update), so the next run compares with exactly that', () => {
    dir = mkdtempSync(join(tmpdir(), 'bench-baseline-'))
    const path = join(dir, 'baseline.json')
    const measured = [rate(0.6123), latency(2.5)]
    writeBaseline(path, measured, 'a test run')
    const written = loadBaseline(path)
    expect(written).toEqual({ ...baseline(measured), note: 'a test run' })
    expect(compare(measured, written).map((result) => [result.verdict, result.change])).toEqual([
      ['OK', 0],
      ['OK', 0],
    ])
  })

  it('loads a missing file as an empty baseline, so every figure is new', () => {
    dir = mkdtempSync(join(tmpdir(), 'bench-baseline-'))
    expect(compare([rate(1)], loadBaseline(join(dir, 'none.json')))[0]?.verdict).toBe('NEW')
  })
})
