import { pgliteTarget, postgresTarget, type StorageTarget } from './targets.ts'

/** Each storage the server supports, as describe.each rows: [name, open]. */
export function storageTargets(): [string, () => Promise<StorageTarget>][] {
  return [
    ['PGlite', pgliteTarget],
    ['PostgreSQL', postgresTarget],
  ]
}
