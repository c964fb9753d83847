// Writes .br and .gz beside every text file of the built site, at the
// strongest settings, so the server (and any static host) sends them as they
// are instead of compressing on each request. Runs at the end of `build`.
import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { brotli, gzip, isCompressible } from '../server/http/static-files.ts'

const webDir = join(import.meta.dirname, '..', 'dist', 'web')
let count = 0
for (const entry of await readdir(webDir, { recursive: true, withFileTypes: true })) {
  const path = join(entry.parentPath, entry.name)
  if (!entry.isFile()) continue
  const raw = await readFile(path)
  if (!isCompressible(path, raw.length)) continue
  await writeFile(`${path}.br`, brotli(raw))
  await writeFile(`${path}.gz`, gzip(raw))
  count++
}
console.log(`precompressed ${count} files in dist/web (brotli 11, gzip 9)`)
