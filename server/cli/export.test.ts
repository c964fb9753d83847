import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, readlink, rm, stat, symlink, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CONTACT_FIELDS, applicationForm } from '../../common/application-form.ts'
import { HONEYPOT_FIELD } from '../../common/contact-submission.ts'
import { validAnswers } from '../../common/testing/valid-answers.ts'
import { exportApplications } from '../export/export-applications.ts'
import { exportColumns } from '../export/paged-export.ts'
import { findProjectRoot } from '../project-root.ts'
import { DATABASE_TARGET } from '../testing/database-target.ts'
import { countTurns, workPerTurn } from '../testing/event-loop-turns.ts'
import { CSV_INJECTION_PAYLOADS, csvCells, formulaCells, splitCells } from '../testing/spreadsheet-cells.ts'
import { useTempDatabase } from '../testing/use-temp-database.ts'
import { USAGE, parseExportArgs } from './export-args.ts'
import { UsageError } from './usage-error.ts'

const EXPORT_SCRIPT = join(findProjectRoot(), 'server', 'cli', 'export.ts')
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href

const temp = useTempDatabase()
let workDir: string
beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'export-'))
})
afterAll(async () => {
  await rm(workDir, { recursive: true, force: true })
})

const EXPORT_COLUMNS = exportColumns()
const JSON_COLUMNS = exportColumns(applicationForm, 'json')
// Where each application came from, after its answers: the last touch's campaign, then the whole attribution.
const ATTRIBUTION_COLUMNS = ['last_touch_utm_source', 'last_touch_utm_medium', 'last_touch_utm_campaign', 'attribution']
const NO_ATTRIBUTION = ',"","","",""'
const [FIRST, ...OTHERS] = CONTACT_FIELDS as [string, ...string[]]
const LONG = applicationForm.find((field) => field.kind === 'long-text')?.key ?? FIRST

const insert = (createdAt: string, overrides: Record<string, string> = {}) => {
  const row: Record<string, string> = validAnswers(overrides)
  return temp.db.query(
    `INSERT INTO contact_submissions (created_at, ${CONTACT_FIELDS.join(', ')})
     VALUES ($1, ${CONTACT_FIELDS.map((_, index) => `$${index + 2}`).join(', ')})`,
    [createdAt, ...CONTACT_FIELDS.map((field) => row[field])],
  )
}

const exported = async (format: 'csv' | 'json', since?: Date) => {
  let text = ''
  const count = await exportApplications(temp.db, { format, since }, async (chunk) => {
    text += chunk
  })
  return { text, count }
}

const ids = async () =>
  (
    await temp.db.query<{ id: number; submission_id: string }>(
      'SELECT id, submission_id::text FROM contact_submissions ORDER BY id',
    )
  ).map((row) => [row.id, row.submission_id] as const)

// Answers a spreadsheet or a CSV reader could trip on, each with the cell it must become.
const NASTY_CELLS: readonly (readonly [string, string])[] = [
  ['=HYPERLINK("http://evil.example","click")', `"'=HYPERLINK(""http://evil.example"",""click"")"`],
  ['plain@example.com', '"plain@example.com"'],
  ['+44 20 7946 0958', `"'+44 20 7946 0958"`],
  ['Coaching, "premium"\nand courses', '"Coaching, ""premium""\nand courses"'],
  ['-1', `"'-1"`],
  ['@SUM(A1:A9)', `"'@SUM(A1:A9)"`],
  ['Café ✓ 日本語\r\nsecond line', '"Café ✓ 日本語\r\nsecond line"'],
]
const nasty = (index: number) => NASTY_CELLS[index % NASTY_CELLS.length]!
// Every answer but the first, which tells the rows apart.
const NASTY = Object.fromEntries(OTHERS.map((field, index) => [field, nasty(index)[0]]))

describe(`exporting applications from ${DATABASE_TARGET}`, () => {
  beforeAll(async () => {
    // Inserted out of time order: the export must sort by created_at, not id.
    await insert('2025-03-02T10:00:00.123456Z', { [FIRST]: '@second' })
    await insert('2025-03-01T09:30:00Z', { [FIRST]: '@first', ...NASTY })
    await insert('2025-03-03T00:00:00Z', { [FIRST]: '@third' })
  })

  it('writes CSV with a header row, oldest first, RFC 4180 quoting and formulas neutralised', async () => {
    type Ids = readonly [number, string]
    const [[id2, uuid2], [id1, uuid1], [id3, uuid3]] = (await ids()) as unknown as [Ids, Ids, Ids]
    const { text, count } = await exported('csv')
    expect(count).toBe(3)
    const base: Record<string, string> = validAnswers()
    // The plain answers: only a phone number opens with a character spreadsheets read as a formula.
    const plain = OTHERS.map((field) => `"${base[field]?.startsWith('+') ? "'" : ''}${base[field]}"`).join(',')
    expect(text).toBe(
      [
        ['id', 'submission_id', 'created_at', ...CONTACT_FIELDS, ...ATTRIBUTION_COLUMNS]
          .map((column) => `"${column}"`)
          .join(','),
        `"${id1}","${uuid1}","2025-03-01T09:30:00.000000Z","'@first",${OTHERS.map((_, index) => nasty(index)[1]).join(',')}${NO_ATTRIBUTION}`,
        `"${id2}","${uuid2}","2025-03-02T10:00:00.123456Z","'@second",${plain}${NO_ATTRIBUTION}`,
        `"${id3}","${uuid3}","2025-03-03T00:00:00.000000Z","'@third",${plain}${NO_ATTRIBUTION}`,
        '',
      ].join('\r\n'),
    )
  })

  it('writes JSON: an array of objects with every column, values exactly as stored', async () => {
    const { text, count } = await exported('json')
    expect(count).toBe(3)
    const rows = JSON.parse(text) as Record<string, unknown>[]
    expect(rows.map((row) => row[FIRST])).toEqual(['@first', '@second', '@third'])
    expect(Object.keys(rows[0]!)).toEqual(JSON_COLUMNS)
    expect(JSON_COLUMNS).toEqual(['id', 'submission_id', 'created_at', ...CONTACT_FIELDS, 'attribution'])
    expect(rows[0]).toMatchObject({
      ...NASTY,
      id: expect.any(Number),
      created_at: '2025-03-01T09:30:00.000000Z',
      attribution: null,
    })
  })

  it('keeps only applications made at or after --since', async () => {
    const fromDay = await exported('json', parseSince('2025-03-02'))
    expect((JSON.parse(fromDay.text) as Record<string, string>[]).map((row) => row[FIRST])).toEqual([
      '@second',
      '@third',
    ])
    const exact = await exported('csv', parseSince('2025-03-02T10:00:00.123456Z'))
    expect(exact.count).toBe(2)
    const none = await exported('json', parseSince('2030-01-01'))
    expect(none).toEqual({ text: '[]\n', count: 0 })
    expect((await exported('csv', parseSince('2030-01-01'))).text).toBe(
      `${EXPORT_COLUMNS.map((column) => `"${column}"`).join(',')}\r\n`,
    )
  })

  it('pages through many applications made in the same instant without losing or repeating one', async () => {
    await temp.db.query(
      `INSERT INTO contact_submissions (created_at, ${CONTACT_FIELDS.join(', ')})
       SELECT '2026-01-01T00:00:00Z', ${CONTACT_FIELDS.map((field) => `'${field} ' || n`).join(', ')} FROM generate_series(1, 1234) n`,
    )
    const { text, count } = await exported('json', parseSince('2026-01-01'))
    expect(count).toBe(1234)
    const rows = JSON.parse(text) as { id: number }[]
    expect(new Set(rows.map((row) => row.id)).size).toBe(1234)
    expect(rows.map((row) => row.id)).toEqual(rows.map((row) => row.id).sort((a, b) => a - b))
  })
})

describe(`exporting from ${DATABASE_TARGET} with spam in the table`, () => {
  it('leaves out applications that filled the honeypot, in CSV and JSON', async () => {
    await insert('2027-01-01T00:00:00Z', { [FIRST]: '@lead' })
    const bot: Record<string, string> = validAnswers({ [FIRST]: '@bot' })
    await temp.db.query(
      `INSERT INTO contact_submissions (created_at, ${CONTACT_FIELDS.join(', ')}, ${HONEYPOT_FIELD})
       VALUES ('2027-01-01T00:00:01Z', ${CONTACT_FIELDS.map((_, index) => `$${index + 1}`).join(', ')}, 'https://spam.example')`,
      CONTACT_FIELDS.map((field) => bot[field]),
    )
    const [flagged] = await temp.db.query<{ spam: boolean }>(
      `SELECT spam FROM contact_submissions WHERE ${FIRST} = '@bot'`,
    )
    expect(flagged?.spam).toBe(true)

    const json = await exported('json', parseSince('2027-01-01'))
    expect((JSON.parse(json.text) as Record<string, string>[]).map((row) => row[FIRST])).toEqual(['@lead'])
    const csv = await exported('csv', parseSince('2027-01-01'))
    expect(csv.count).toBe(1)
    expect(csv.text).not.toContain('@bot')
  })
})

describe(`exporting hostile answers from ${DATABASE_TARGET}`, () => {
  beforeAll(async () => {
    for (const [index, payload] of CSV_INJECTION_PAYLOADS.entries()) {
      await insert(`2028-01-01T00:00:${String(index).padStart(2, '0')}Z`, {
        business: payload,
        [LONG]: `${payload};${payload}`,
      })
    }
  })

  it('writes CSV that no spreadsheet, in a comma or a semicolon locale, opens with a formula in a cell', async () => {
    const { text, count } = await exported('csv', parseSince('2028-01-01'))
    expect(count).toBe(CSV_INJECTION_PAYLOADS.length)
    const cells = csvCells(text)
    const [header, ...rows] = cells
    expect(header).toEqual(EXPORT_COLUMNS)
    const column = (name: string) => rows.map((row) => row[EXPORT_COLUMNS.indexOf(name)]?.replaceAll("'", ''))
    // Every answer comes back whole, in order, with at most a few single quotes added.
    expect(column('business')).toEqual(CSV_INJECTION_PAYLOADS.map((payload) => payload.replaceAll("'", '')))
    expect(column(LONG)).toEqual(CSV_INJECTION_PAYLOADS.map((payload) => `${payload};${payload}`.replaceAll("'", '')))
    expect(formulaCells(cells)).toEqual([])
    expect(formulaCells(splitCells(text, ','))).toEqual([])
    expect(formulaCells(splitCells(text, ';'))).toEqual([])
  })

  it('writes the same answers to JSON exactly as stored', async () => {
    const rows = JSON.parse((await exported('json', parseSince('2028-01-01'))).text) as { business: string }[]
    expect(rows.map((row) => row.business)).toEqual(CSV_INJECTION_PAYLOADS)
  })
})

describe(`exporting where applications came from, from ${DATABASE_TARGET}`, () => {
  const touch = {
    utm_source: 'ig',
    utm_medium: 'paid_social',
    utm_campaign: 'launch',
    fbclid: 'abc',
    landing_path: '/',
    captured_at: '2026-03-01T12:00:00.000Z',
  }
  const attribution = { first_touch: { utm_source: 'newsletter', landing_path: '/' }, last_touch: touch }
  const hostile = (payload: string) => ({
    last_touch: { utm_source: payload, utm_medium: payload, utm_campaign: payload, utm_term: `${payload};${payload}` },
  })

  beforeAll(async () => {
    await insertWithAttribution('2029-01-01T00:00:00Z', '@attributed', attribution)
    for (const [index, payload] of CSV_INJECTION_PAYLOADS.entries()) {
      await insertWithAttribution(
        `2029-02-01T00:00:${String(index).padStart(2, '0')}Z`,
        `@hostile${index}`,
        hostile(payload),
      )
    }
  })

  async function insertWithAttribution(createdAt: string, first: string, value: unknown) {
    const row: Record<string, string> = validAnswers({ [FIRST]: first })
    await temp.db.query(
      `INSERT INTO contact_submissions (created_at, attribution, ${CONTACT_FIELDS.join(', ')})
       VALUES ($1, $2, ${CONTACT_FIELDS.map((_, index) => `$${index + 3}`).join(', ')})`,
      [createdAt, JSON.stringify(value), ...CONTACT_FIELDS.map((field) => row[field])],
    )
  }

  it('writes CSV with the last touch’s campaign in columns of its own, then the whole attribution as JSON', async () => {
    const { text, count } = await exported('csv', parseSince('2029-01-01'))
    expect(count).toBe(1 + CSV_INJECTION_PAYLOADS.length)
    const [header, first] = csvCells(text)
    expect(header).toEqual(EXPORT_COLUMNS)
    const cell = (name: string) => first?.[EXPORT_COLUMNS.indexOf(name)]
    expect([cell('last_touch_utm_source'), cell('last_touch_utm_medium'), cell('last_touch_utm_campaign')]).toEqual([
      'ig',
      'paid_social',
      'launch',
    ])
    expect(JSON.parse(cell('attribution') ?? '')).toEqual(attribution)
  })

  it('writes JSON with the attribution as stored, keys inside it included', async () => {
    const rows = JSON.parse((await exported('json', parseSince('2029-01-01'))).text) as { attribution: unknown }[]
    expect(rows[0]?.attribution).toEqual(attribution)
    expect(rows.slice(1).map((row) => row.attribution)).toEqual(CSV_INJECTION_PAYLOADS.map(hostile))
  })

  it('writes CSV in which no campaign value opens a formula, in either locale, and the JSON still reads', async () => {
    const { text } = await exported('csv', parseSince('2029-02-01'))
    const cells = csvCells(text)
    expect(formulaCells(cells)).toEqual([])
    expect(formulaCells(splitCells(text, ','))).toEqual([])
    expect(formulaCells(splitCells(text, ';'))).toEqual([])
    const column = (name: string) => cells.slice(1).map((row) => row[EXPORT_COLUMNS.indexOf(name)] ?? '')
    // Every value comes back whole, with at most a few single quotes added.
    expect(column('last_touch_utm_source').map((cell) => cell.replaceAll("'", ''))).toEqual(
      CSV_INJECTION_PAYLOADS.map((payload) => payload.replaceAll("'", '')),
    )
    const parsed = column('attribution').map((cell) => JSON.parse(cell) as ReturnType<typeof hostile>)
    expect(parsed.map((value) => value.last_touch.utm_term.replaceAll("'", ''))).toEqual(
      CSV_INJECTION_PAYLOADS.map((payload) => `${payload};${payload}`.replaceAll("'", '')),
    )
  })
})

describe(`exporting many applications from ${DATABASE_TARGET}`, () => {
  const own = useTempDatabase()

  /**
   * Exports `format`, tallying the rows and characters written within one turn
   * of the event loop. A write is a chunk of rows, one a line: these answers
   * have no line breaks, and JSON escapes them anyway.
   */
  async function exportWatchingTurns(format: 'csv' | 'json') {
    const counter = countTurns()
    const rows = workPerTurn(counter)
    const characters = workPerTurn(counter)
    let text = ''
    try {
      const count = await exportApplications(own.db, { format, since: undefined }, async (chunk) => {
        text += chunk
        rows.add(chunk.split('\n').length - 1)
        characters.add(chunk.length)
      })
      return { text, count, mostRowsPerTurn: rows.most, mostCharactersPerTurn: characters.most }
    } finally {
      counter.stop()
    }
  }

  it('lets the event loop turn every hundred rows or so, not once a page of five hundred', async () => {
    await own.db.exec(
      `INSERT INTO contact_submissions (created_at, ${CONTACT_FIELDS.join(', ')})
       SELECT '2031-01-01T00:00:00Z'::timestamptz + n * interval '1 second', ${CONTACT_FIELDS.map((field) => `'${field} ' || n`).join(', ')}
       FROM generate_series(1, 1200) n`,
    )
    for (const format of ['csv', 'json'] as const) {
      const { text, count, mostRowsPerTurn } = await exportWatchingTurns(format)
      expect(count).toBe(1200)
      expect(text.split('\n').length).toBe(format === 'csv' ? 1202 : 1203)
      // At most the header and a hundred rows between two turns, not a page of 500.
      expect(mostRowsPerTurn).toBeLessThanOrEqual(101)
    }
  })

  it('lets the event loop turn within a page of the longest answers, and still writes them whole', async () => {
    await own.db.exec(
      `UPDATE contact_submissions SET ${applicationForm.map((field) => `${field.key} = 'a' || repeat(' ', ${field.maxLength - 2}) || 'a'`).join(', ')}
       WHERE id IN (SELECT id FROM contact_submissions ORDER BY id LIMIT 60)`,
    )
    const { text, mostCharactersPerTurn } = await exportWatchingTurns('csv')
    const rows = csvCells(text).slice(1, 61)
    expect(rows).toHaveLength(60)
    for (const row of rows) {
      for (const field of applicationForm)
        expect(row[EXPORT_COLUMNS.indexOf(field.key)]).toBe(`a${' '.repeat(field.maxLength - 2)}a`)
    }
    // A row is about 9,000 characters: a few of them, then a turn; not the
    // whole page of about 540,000 at once.
    expect(mostCharactersPerTurn).toBeLessThan(100_000)
  })
})

function parseSince(since: string) {
  const options = parseExportArgs(['--format', 'csv', '--since', since])
  if (options === 'help') throw new Error('unexpected help')
  return options.since
}

describe('parseExportArgs', () => {
  it('reads the options, in either spelling', () => {
    expect(parseExportArgs(['--format', 'csv'])).toEqual({ format: 'csv', since: undefined, out: undefined })
    expect(parseExportArgs(['--format=json', '--since=2025-01-31', '--out', 'a.json'])).toEqual({
      format: 'json',
      since: new Date('2025-01-31T00:00:00Z'),
      out: 'a.json',
    })
    expect(parseExportArgs(['--format', 'csv', '--since', '2025-01-31T09:00:00+02:00'])).toMatchObject({
      since: new Date('2025-01-31T07:00:00Z'),
    })
    expect(parseExportArgs(['--help'])).toBe('help')
  })

  it.each([
    [[], /--format is required/],
    [['--format', 'xml'], /--format must be csv or json, not "xml"/],
    [['--format'], /--format/],
    [['--format', 'csv', '--since', 'yesterday'], /--since must be a date/],
    [['--format', 'csv', '--since', '2025-02-30'], /--since must be a date/],
    [['--format', 'csv', '--since', '2025-01-31T09:00:00'], /--since must be a date/],
    [['--format', 'csv', '--out', ''], /--out needs a file name/],
    [['--format', 'csv', '--limit', '5'], /Unknown option '--limit'/],
    [['--format', 'csv', 'extra'], /positional argument/],
  ])('refuses %j', (argv, message) => {
    expect(() => parseExportArgs(argv)).toThrow(UsageError)
    expect(() => parseExportArgs(argv)).toThrow(message)
  })
})

describe(`the export command on ${DATABASE_TARGET}`, () => {
  const runExport = (args: string[], cwd = workDir) =>
    new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      // Only what the command needs: a developer's own DATABASE_URL must not leak in.
      const env = { PATH: process.env.PATH ?? '', HOME: workDir }
      execFile(
        process.execPath,
        ['--import', TSX, EXPORT_SCRIPT, ...args],
        { cwd, env, timeout: 60_000 },
        (error, stdout, stderr) => {
          resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr })
        },
      )
    })
  const dotEnv = (settings: Record<string, string>) =>
    writeFile(
      join(workDir, '.env'),
      Object.entries(settings)
        .map(([name, value]) => `${name}=${value}\n`)
        .join(''),
    )

  it('exits 2 with the usage on bad arguments, writing nothing to stdout', async () => {
    const result = await runExport(['--format', 'xlsx'])
    expect(result.code).toBe(2)
    expect(result.stdout).toBe('')
    expect(result.stderr).toContain('--format must be csv or json')
    expect(result.stderr).toContain(USAGE)
    expect(USAGE).toMatch(/one process at a time: stop the server/)
  })

  it('exports the database configured in .env, to stdout or to a file only its owner can read', async () => {
    let expected = ''
    await exportApplications(temp.db, { format: 'csv', since: undefined }, async (chunk) => {
      expected += chunk
    })
    await dotEnv(temp.env)
    // The embedded database admits one process at a time, as a server would.
    if (temp.target === 'pglite') await temp.db.close()
    try {
      const toStdout = await runExport(['--format', 'csv'])
      expect(toStdout.stderr).toMatch(/^Exported \d+ applications from /)
      expect(toStdout.code).toBe(0)
      expect(toStdout.stdout).toBe(expected)

      const out = join(workDir, 'applications.json')
      const toFile = await runExport(['--format', 'json', '--since', '2025-03-02', '--out', out])
      expect(toFile.code).toBe(0)
      expect(toFile.stdout).toBe('')
      expect(toFile.stderr).toContain(`to ${out}`)
      expect((JSON.parse(await readFile(out, 'utf8')) as unknown[]).length).toBeGreaterThan(2)
      expect((await stat(out)).mode & 0o777).toBe(0o600)
    } finally {
      if (temp.target === 'pglite') await temp.reopen()
    }
  })

  it('never writes through a file or symlink already at the partial file’s name', async () => {
    const out = join(workDir, 'planted.csv')
    const target = join(workDir, 'not-to-be-touched')
    await writeFile(target, 'precious\n')
    await symlink(target, `${out}.partial`)
    await dotEnv(temp.env)
    if (temp.target === 'pglite') await temp.db.close()
    try {
      const result = await runExport(['--format', 'csv', '--out', out])
      expect(result.code).toBe(1)
      expect(result.stderr).toContain(`${out}.partial already exists`)
      expect(await readFile(target, 'utf8')).toBe('precious\n')
      expect(await readlink(`${out}.partial`)).toBe(target)
      expect(existsSync(out)).toBe(false)

      await rm(`${out}.partial`)
      expect((await runExport(['--format', 'csv', '--out', out])).code).toBe(0)
      expect(await readFile(out, 'utf8')).toMatch(/^"id","submission_id",/)
      expect(existsSync(`${out}.partial`)).toBe(false)
    } finally {
      if (temp.target === 'pglite') await temp.reopen()
    }
  })

  it.runIf(DATABASE_TARGET === 'pglite')(
    'refuses, explaining why, while another process has the embedded database open',
    async () => {
      await dotEnv(temp.env)
      const result = await runExport(['--format', 'csv'])
      expect(result.code).toBe(1)
      expect(result.stdout).toBe('')
      expect(result.stderr).toMatch(/is in use.*stop the server first/s)
    },
  )

  it.runIf(DATABASE_TARGET === 'pglite')(
    'refuses a DATA_DIR that holds no database, rather than creating one',
    async () => {
      const missing = join(workDir, 'no-database-here')
      await dotEnv({ DATA_DIR: missing })
      const result = await runExport(['--format', 'json'])
      expect(result.code).toBe(1)
      expect(result.stderr).toContain(`There is no embedded database in ${missing}`)
      expect(existsSync(missing)).toBe(false)
    },
  )

  it('fails with exit code 1 when the database cannot be reached', async () => {
    await dotEnv({ DATABASE_URL: 'postgres://nobody:secret@127.0.0.1:1/none' })
    const result = await runExport(['--format', 'csv'])
    expect(result.code).toBe(1)
    expect(result.stderr).toMatch(/Export failed: PostgreSQL is unreachable/)
    expect(result.stderr).not.toContain('secret')
  })
})
