import { fork, type ChildProcess } from 'node:child_process'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

const PROBER = join(import.meta.dirname, 'health-prober.ts')
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href

/** The prober's next message; rejects if it exits first. */
function nextMessage(prober: ChildProcess): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: unknown) => {
      stop()
      resolve(message)
    }
    const onExit = (code: number | null) => {
      stop()
      reject(new Error(`the health prober exited (${String(code)})`))
    }
    const stop = () => {
      prober.off('message', onMessage)
      prober.off('exit', onExit)
    }
    prober.on('message', onMessage)
    prober.on('exit', onExit)
  })
}

/** /healthz latencies, from a prober process, while `work` runs. */
export async function probeDuring<T>(url: string, work: () => Promise<T>): Promise<{ result: T; latencies: number[] }> {
  const prober = fork(PROBER, [`${url}/healthz`], {
    execArgv: ['--import', TSX],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  try {
    if ((await nextMessage(prober)) !== 'ready') throw new Error('the health prober did not get ready')
    const result = await work()
    const answer = nextMessage(prober)
    prober.send('stop')
    const { latencies } = (await answer) as { latencies: number[] }
    return { result, latencies }
  } finally {
    prober.kill()
  }
}
