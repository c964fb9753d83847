/**
 * Makes every file this process creates its user's alone (umask 077): the
 * embedded database, backups, exports and the data-dir lock hold leads and
 * the accounts' secrets. Called first by the server and each command; the
 * places that write such files also set their modes themselves.
 */
export function keepFilesPrivate(): void {
  process.umask(0o077)
}
