import { extname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'

/**
 * Runs the module `name` (beside this one) in a worker thread with `data`,
 * resolving to the one message it posts; rejects if it throws or exits first.
 * `signal` ends the worker.
 */
export function runInWorker<T>(name: string, data: unknown, signal?: AbortSignal): Promise<T> {
  const worker = startWorker(name, data)
  return new Promise<T>((resolve, reject) => {
    let result: { value: T } | undefined
    const abort = () => void worker.terminate()
    signal?.addEventListener('abort', abort, { once: true })
    worker.once('message', (value: T) => (result = { value }))
    worker.once('error', reject)
    worker.once('exit', (code) => {
      signal?.removeEventListener('abort', abort)
      if (result !== undefined) resolve(result.value)
      else reject(new Error(signal?.aborted ? 'Stopped' : `The worker exited with code ${code} before it answered`))
    })
  })
}

function startWorker(name: string, data: unknown): Worker {
  // Built, this file is .js and so is its neighbour; run from the sources (the
  // tests), both are TypeScript, which a worker loads only with tsx's hooks.
  const extension = extname(fileURLToPath(import.meta.url))
  const entry = new URL(`./${name}${extension}`, import.meta.url)
  if (extension !== '.ts') return new Worker(entry, { workerData: data })
  const tsx = import.meta.resolve('tsx/esm/api')
  const code = `import { register } from ${JSON.stringify(tsx)}; register(); await import(${JSON.stringify(entry.href)})`
  return new Worker(new URL(`data:text/javascript,${encodeURIComponent(code)}`), { workerData: data })
}
