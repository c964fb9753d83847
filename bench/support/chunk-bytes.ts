import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

/**
 * Gzip size of the built scripts whose file name (under assets/, hash and all)
 * matches `name`: a chunk loaded on demand, which the first view does not count.
 * Undefined when there is none, so a renamed chunk fails its check instead of
 * passing at 0 bytes.
 */
export async function chunkBytes(webDir: string, name: RegExp): Promise<number | undefined> {
  const assets = join(webDir, 'assets')
  const files = (await readdir(assets)).filter((file) => file.endsWith('.js') && name.test(file))
  if (files.length === 0) return undefined
  let total = 0
  for (const file of files) total += gzipSync(await readFile(join(assets, file)), { level: 9 }).length
  return total
}
