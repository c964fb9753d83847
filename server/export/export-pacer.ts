import { setImmediate } from 'node:timers/promises'

// An export writes its rows synchronously, and the server answers nothing else
// meanwhile: a page of applications whose every answer is as long as the form
// allows is megabytes to quote and guard. So an export lets the event loop turn
// after each chunk of rows. Writing costs about what the text it makes is long,
// so a chunk ends at this many characters, a few milliseconds of work; or at
// this many rows, for short rows whose per-row cost outweighs their length.
const CHUNK_CHARACTERS = 64 * 1024
const CHUNK_ROWS = 100

export interface ExportPacer {
  /** Counts a row the export wrote; true once the rows since the last turn make a chunk. */
  counts(row: string): boolean
  /** Lets the event loop turn (other requests are served), then counts afresh. */
  turn(): Promise<void>
}

export function exportPacer(): ExportPacer {
  let rows = 0
  let characters = 0
  return {
    counts(row) {
      rows++
      characters += row.length
      return rows >= CHUNK_ROWS || characters >= CHUNK_CHARACTERS
    },
    async turn() {
      rows = 0
      characters = 0
      await setImmediate()
    },
  }
}
