import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { createReadStream } from 'node:fs'
import { rm } from 'node:fs/promises'
import { ADMIN_API_PATH } from '../../common/admin-api.ts'

const EXPORT_TIMEOUT_SECONDS = 600

/**
 * Downloads the export to `file` with curl, as a browser would (compressed),
 * so the client's work is not this process's. Started in two steps: spawning
 * a process holds this one (the server's) for a while, so that is done before
 * the measuring starts, and `start()` only writes to the waiting shell.
 */
export function download(url: string, cookie: string, format: 'csv' | 'json', file: string) {
  const curl = [
    '--silent',
    '--show-error',
    '--fail',
    '--compressed',
    '--max-time',
    String(EXPORT_TIMEOUT_SECONDS),
    '--header',
    `cookie: ${cookie}`,
    '--output',
    file,
    `${url}${ADMIN_API_PATH}/leads/export?format=${format}`,
  ]
  const child = spawn('sh', ['-c', 'read go && exec curl "$@"', 'sh', ...curl], {
    stdio: ['pipe', 'ignore', 'inherit'],
  })
  const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>
  return {
    async start() {
      child.stdin.end('go\n')
      const [code, signal] = await exited
      if (code !== 0) throw new Error(`curl ${format} export: exit ${code ?? signal}`)
    },
  }
}

/** A downloaded export's rows (lines, less the header or the brackets: no answer here holds a line break) and bytes; then deletes it. */
export async function readExport(file: string, format: 'csv' | 'json') {
  let bytes = 0
  let newlines = 0
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    bytes += chunk.byteLength
    for (let index = chunk.indexOf(10); index !== -1; index = chunk.indexOf(10, index + 1)) newlines++
  }
  await rm(file)
  return { bytes, rows: format === 'csv' ? newlines - 1 : newlines - 2 }
}
