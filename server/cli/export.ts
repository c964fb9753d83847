// `npm run export -- --format csv|json [--since DATE] [--out FILE]`: every
// application, for the operator's spreadsheet or CRM. See USAGE.
import { once } from 'node:events'
import { createWriteStream, type WriteStream } from 'node:fs'
import { rename, rm } from 'node:fs/promises'
import { loadConfigOrExit } from '../config.ts'
import { describeDatabase } from '../db/open-database.ts'
import { keepFilesPrivate } from '../db/private-files.ts'
import { exportApplications } from '../export/export-applications.ts'
import { USAGE, parseExportArgs, type ExportOptions } from './export-args.ts'
import { openCliDatabase } from './open-cli-database.ts'
import { UsageError } from './usage-error.ts'

// Before anything is written: the database, backups and exports are this user's alone.
keepFilesPrivate()

const fail = (message: string, code: number): never => {
  process.stderr.write(`${message}\n`)
  process.exit(code)
}

const writer = (stream: NodeJS.WritableStream) => async (chunk: string) => {
  if (!stream.write(chunk)) await once(stream, 'drain')
}

async function main(argv: readonly string[]) {
  let options: ExportOptions | 'help'
  try {
    options = parseExportArgs(argv)
  } catch (error) {
    if (error instanceof UsageError) fail(`${error.message}\n\n${USAGE}`, 2)
    throw error
  }
  if (options === 'help') {
    process.stdout.write(`${USAGE}\n`)
    return
  }

  const config = loadConfigOrExit()
  const where = describeDatabase(config)
  const db = await openCliDatabase(config).catch((error: unknown) =>
    fail(error instanceof Error ? error.message : String(error), 1),
  )

  // A file is written under a temporary name and renamed when complete, so a
  // failed export never leaves a truncated file that looks finished.
  const partial = options.out === undefined ? undefined : `${options.out}.partial`
  let file: WriteStream | undefined
  try {
    if (partial !== undefined) {
      // Applications are personal data: only the owner may read the file. 'wx'
      // creates it or fails, so a file or symlink planted at that name is never
      // written through, and two exports to one file cannot interleave.
      const opening = createWriteStream(partial, { mode: 0o600, flags: 'wx' })
      try {
        await once(opening, 'open')
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
        throw new Error(
          `${partial} already exists: an export to the same file is running, or one was interrupted; remove ${partial} and try again`,
        )
      }
      file = opening
    }
    const [table] = await db.query<{ found: boolean }>("SELECT to_regclass('contact_submissions') IS NOT NULL AS found")
    if (!table?.found)
      throw new Error(`${where} has no applications yet: the server (or npm run db:migrate) creates the table`)
    const output = file ?? process.stdout
    const count = await exportApplications(db, options, writer(output))
    if (file && partial !== undefined && options.out !== undefined) {
      file.end()
      await once(file, 'finish')
      await rename(partial, options.out)
    }
    process.stderr.write(
      `Exported ${count} application${count === 1 ? '' : 's'} from ${where} to ${options.out ?? 'stdout'}\n`,
    )
  } catch (error) {
    // Only what this run created is removed: never a file someone else put there.
    if (file) {
      file.destroy()
      if (partial !== undefined) await rm(partial, { force: true })
    }
    process.stderr.write(`Export failed: ${error instanceof Error ? error.message : String(error)}\n`)
    process.exitCode = 1
  } finally {
    await db.close()
  }
}

// A reader that stops early (`| head`) is not a failure of the export.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0)
  throw error
})

await main(process.argv.slice(2))
