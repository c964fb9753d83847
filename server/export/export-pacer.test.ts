import { describe, expect, it } from 'vitest'
import { countTurns } from '../testing/event-loop-turns.ts'
import { exportPacer } from './export-pacer.ts'

/** How many rows of `row` the pacer counts before it calls for a turn. */
function rowsPerChunk(row: string): number {
  const pacer = exportPacer()
  for (let rows = 1; rows <= 1_000; rows++) if (pacer.counts(row)) return rows
  return Infinity
}

describe('exportPacer', () => {
  it('calls for a turn after a hundred short rows, or after a few long ones', () => {
    expect(rowsPerChunk('"1","Ada Lovelace","ada@example.com"\r\n')).toBe(100)
    // The longest answers make a row of about 9,000 characters: 8 of them make 64 KiB.
    expect(rowsPerChunk(' '.repeat(9_000))).toBe(8)
    expect(rowsPerChunk(' '.repeat(100_000))).toBe(1)
  })

  it('lets the event loop turn, then counts afresh', async () => {
    const pacer = exportPacer()
    const counter = countTurns()
    try {
      for (let row = 1; row < 100; row++) expect(pacer.counts('row')).toBe(false)
      const before = counter.turns
      await pacer.turn()
      expect(counter.turns).toBeGreaterThan(before)
      for (let row = 1; row < 100; row++) expect(pacer.counts('row')).toBe(false)
      expect(pacer.counts('row')).toBe(true)
    } finally {
      counter.stop()
    }
  })
})
