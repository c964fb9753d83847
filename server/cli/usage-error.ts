/** A command line the command cannot use: its entry point answers with the usage and exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError'
}
