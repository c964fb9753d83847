// `npm run admin -- add|list|remove|reset-password`: the lead inbox's
// accounts, managed on the server only (there is no sign-up). See USAGE.
import { AccountError } from '../accounts/accounts.ts'
import { promptPassword, readPasswordFromStream } from '../accounts/read-password.ts'
import { loadConfigOrExit } from '../config.ts'
import { DataDirInUseError } from '../db/data-dir-lock.ts'
import { migrateDatabase, describeDatabase } from '../db/open-database.ts'
import { keepFilesPrivate } from '../db/private-files.ts'
import { USAGE, parseAdminArgs, runAdminCommand, type AdminCommand } from './admin-command.ts'
import { openCliDatabase } from './open-cli-database.ts'
import { UsageError } from './usage-error.ts'

// Before anything is written: the database, backups and exports are this user's alone.
keepFilesPrivate()

const fail = (message: string, code: number): never => {
  process.stderr.write(`${message}\n`)
  process.exit(code)
}

async function main(argv: readonly string[]) {
  let command: AdminCommand
  try {
    command = parseAdminArgs(argv)
  } catch (error) {
    if (error instanceof UsageError) fail(`${error.message}\n\n${USAGE}`, 2)
    throw error
  }
  if (command.name === 'help') {
    process.stdout.write(`${USAGE}\n`)
    return
  }

  const config = loadConfigOrExit()
  const where = describeDatabase(config)
  // The first account may come before the server ever started: add creates the database.
  const db = await openCliDatabase(config, { create: command.name === 'add' }).catch((error: unknown) => {
    const message = error instanceof Error ? error.message : String(error)
    if (error instanceof Error && error.cause instanceof DataDirInUseError) {
      return fail(
        `Accounts cannot be changed while a server runs on the embedded database: stop the server, then run this again.\n${message}`,
        1,
      )
    }
    return fail(message, 1)
  })
  try {
    await migrateDatabase(config, db)
    await runAdminCommand(db, command, where, {
      readPassword: (email) =>
        process.stdin.isTTY
          ? promptPassword(process.stdin, process.stderr, email)
          : readPasswordFromStream(process.stdin),
      print: (line) => process.stdout.write(`${line}\n`),
    })
  } catch (error) {
    process.stderr.write(
      `${error instanceof AccountError ? error.message : `Failed: ${error instanceof Error ? error.message : String(error)}`}\n`,
    )
    process.exitCode = 1
  } finally {
    await db.close()
  }
}

await main(process.argv.slice(2))
