import { PASSWORD_MIN_LENGTH } from '../../common/session-api.ts'
import {
  AccountError,
  accountExists,
  addAccount,
  listAccounts,
  normalizeEmail,
  removeAccount,
  resetPassword,
} from '../accounts/accounts.ts'
import type { Database } from '../db/database.ts'
import { UsageError } from './usage-error.ts'

export const USAGE = `Usage: npm run admin -- <command>

  add <email>             add an inbox account; asks for its password
  list                    list the accounts; the first added is the owner
  remove <email>          remove an account, signing it out everywhere
  reset-password <email>  set a new password, signing the account out everywhere

A password (at least ${PASSWORD_MIN_LENGTH} characters) is read from standard input,
or asked for without echo when that is a terminal:
  printf '%s\\n' "$PASSWORD" | npm run admin -- add owner@example.com

Emails are the same whatever their case. The embedded database admits one
process at a time: stop the server first (with DATABASE_URL it may keep running).`

export type AdminCommand =
  { name: 'add' | 'remove' | 'reset-password'; email: string } | { name: 'list' } | { name: 'help' }

export function parseAdminArgs(argv: readonly string[]): AdminCommand {
  const [name, ...rest] = argv
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') return { name: 'help' }
  if (name === 'list') {
    if (rest.length > 0) throw new UsageError('list takes no arguments')
    return { name }
  }
  if (name === 'add' || name === 'remove' || name === 'reset-password') {
    const [email, ...extra] = rest
    if (email === undefined || email.trim() === '') throw new UsageError(`${name} needs an email`)
    // A password on the command line would stay in the shell's history and in ps.
    if (extra.length > 0)
      throw new UsageError(`${name} takes one email and nothing else; the password is read from standard input`)
    return { name, email }
  }
  throw new UsageError(`unknown command ${JSON.stringify(name)}`)
}

export interface AdminIo {
  /** The new password: from standard input, or asked for at a terminal. */
  readPassword(email: string): Promise<string>
  /** A line for the operator (standard output). */
  print(line: string): void
}

/** Runs a parsed command against an open, migrated database; AccountError for what the operator can fix. */
export async function runAdminCommand(db: Database, command: AdminCommand, where: string, io: AdminIo): Promise<void> {
  switch (command.name) {
    case 'help':
      io.print(USAGE)
      return
    case 'list': {
      const accounts = await listAccounts(db)
      if (accounts.length === 0) io.print(`No accounts in ${where}: add one with npm run admin -- add <email>`)
      for (const account of accounts) {
        const sessions = `${account.sessions} session${account.sessions === 1 ? '' : 's'}`
        const signIn = account.pending ? 'no password yet' : account.totpEnabled ? 'two-factor' : 'password only'
        io.print(`${account.email}\tadded ${account.createdAt.toISOString()}\t${signIn}\t${sessions}\t${account.role}`)
      }
      return
    }
    case 'add': {
      const email = normalizeEmail(command.email)
      // Asked before the password, so nobody types one in vain.
      if (await accountExists(db, email)) throw new AccountError(`There is already an account for ${email}.`)
      const added = await addAccount(db, email, await io.readPassword(email))
      io.print(`Added ${added} to ${where}.`)
      return
    }
    case 'remove': {
      const removed = await removeAccount(db, command.email)
      io.print(`Removed ${removed} from ${where}; its sessions have ended.`)
      return
    }
    case 'reset-password': {
      const email = normalizeEmail(command.email)
      if (!(await accountExists(db, email))) throw new AccountError(`There is no account for ${email}.`)
      const { sessionsEnded } = await resetPassword(db, email, await io.readPassword(email))
      io.print(`New password set for ${email}; ${sessionsEnded} session${sessionsEnded === 1 ? '' : 's'} ended.`)
      return
    }
  }
}
