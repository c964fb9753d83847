// Some tables have one writer: the lead's status history is written by the lead
// lifecycle, the outbox by notify/ (docs/decisions/036). Other features reach them
// through those, so a new `INSERT INTO` elsewhere is a copy of a rule that lives there.
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '..')

const WRITERS = {
  lead_status_changes: 'server/lead-lifecycle',
  lead_outbox: 'server/notify',
  // Beside the database's triggers (migrations/032): the showed sweep.
  lead_conversions: 'server/conversions',
  lead_ad_consents: 'server/conversions',
} as const

function* serverSources(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    // Test support seeds every table on purpose (testing/every-table.ts).
    if (entry.isDirectory()) {
      if (entry.name !== 'testing') yield* serverSources(path)
    } else if (/\.ts$/.test(entry.name) && !entry.name.endsWith('.test.ts')) yield path
  }
}

/** The folders of the server's non-test files that insert into `table`. */
function writersOf(table: string): string[] {
  const insert = new RegExp(`INSERT\\s+INTO\\s+${table}\\b`, 'i')
  const folders = new Set<string>()
  for (const file of serverSources(join(root, 'server'))) {
    if (insert.test(readFileSync(file, 'utf8'))) folders.add(relative(root, join(file, '..')))
  }
  return [...folders].sort()
}

describe('tables with one writer', () => {
  it.each(Object.entries(WRITERS))('%s is inserted into by %s alone', (table, folder) => {
    expect(writersOf(table)).toEqual([folder])
  })
})
