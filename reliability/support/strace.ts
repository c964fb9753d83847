import { spawn } from 'node:child_process'
import { readFile, readdir } from 'node:fs/promises'

/** One system call as strace printed it, with its unfinished and resumed halves joined. */
export interface Syscall {
  pid: number
  name: string
  /** The first argument's descriptor annotation (`-y`): a path, or `socket:[inode]`. */
  fd: string
  /** Everything between the parentheses, as printed. */
  args: string
  result: number
  /** Seconds since the epoch at entry, and at return (entry plus `-T`'s duration). */
  enteredAt: number
  returnedAt: number
}

const TRACED = [
  'read',
  'readv',
  'recvfrom',
  'write',
  'writev',
  'sendmsg',
  'sendto',
  'pwrite64',
  'pwritev',
  'pwritev2',
  'fsync',
  'fdatasync',
]

export interface Tracer {
  /** Detaches from every traced process (they go on running) and returns what was traced. */
  stop(): Promise<Syscall[]>
}

/**
 * Attaches strace to running processes and every thread and child they have
 * or start (`-f`), recording writes, reads and syncs with their descriptors'
 * paths and microsecond timestamps. Resolves once every process is attached.
 */
export async function attachStrace(pids: readonly number[], outFile: string): Promise<Tracer> {
  const child = spawn(
    'strace',
    [
      '-f',
      '-ttt',
      '-T',
      '-y',
      '-s',
      '131072',
      '-e',
      `trace=${TRACED.join(',')}`,
      '-o',
      outFile,
      ...pids.flatMap((pid) => ['-p', String(pid)]),
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  )
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString()
  })
  const attached = () => pids.every((pid) => stderr.includes(`Process ${pid} attached`))
  const deadline = Date.now() + 10_000
  while (!attached()) {
    if (child.exitCode !== null) throw new Error(`strace exited: ${stderr}`)
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`strace did not attach within 10 s: ${stderr}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return {
    async stop() {
      child.kill('SIGINT')
      const code = await exited
      if (code !== 0 && code !== null) throw new Error(`strace failed (${code}): ${stderr}`)
      return parseStrace(await readFile(outFile, 'utf8'))
    },
  }
}

/** A process's children, for attaching to the ones it started before the tracer did. */
export async function childPids(pid: number): Promise<number[]> {
  const tasks = await readdir(`/proc/${pid}/task`)
  const lists = await Promise.all(
    tasks.map((task) => readFile(`/proc/${pid}/task/${task}/children`, 'utf8').catch(() => '')),
  )
  return lists.flatMap((list) => list.split(' ').filter(Boolean).map(Number))
}

const LINE = /^(\d+) +(\d+\.\d+) (.*)$/
const UNFINISHED = /^(\w+)\((.*) <unfinished \.\.\.>$/
const RESUMED = /^<\.\.\. (\w+) resumed>(.*)$/
const COMPLETE = /^(\w+)\((.*)\) += (-?\d+)(?: [A-Z]\w*(?: \([^)]*\))?)? <(\d+\.\d+)>$/
const FD = /^\d+<([^>]*)>/

/** Reads strace's `-f -ttt -T -y` output into system calls, joining split ones. */
export function parseStrace(text: string): Syscall[] {
  const calls: Syscall[] = []
  const pending = new Map<number, { name: string; head: string; enteredAt: number }>()
  for (const line of text.split('\n')) {
    const match = LINE.exec(line)
    if (!match) continue
    const pid = Number(match[1])
    const at = Number(match[2])
    let rest = match[3] ?? ''
    let enteredAt = at
    const unfinished = UNFINISHED.exec(rest)
    if (unfinished) {
      pending.set(pid, { name: unfinished[1] ?? '', head: unfinished[2] ?? '', enteredAt: at })
      continue
    }
    const resumed = RESUMED.exec(rest)
    if (resumed) {
      const start = pending.get(pid)
      pending.delete(pid)
      if (!start || start.name !== resumed[1]) continue
      rest = `${start.name}(${start.head}${resumed[2] ?? ''}`
      enteredAt = start.enteredAt
    }
    const complete = COMPLETE.exec(rest)
    if (!complete) continue
    const args = complete[2] ?? ''
    calls.push({
      pid,
      name: complete[1] ?? '',
      fd: FD.exec(args)?.[1] ?? '',
      args,
      result: Number(complete[3]),
      enteredAt,
      returnedAt: enteredAt + Number(complete[4]),
    })
  }
  return calls
}
