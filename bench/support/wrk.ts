import { execFile, execFileSync } from 'node:child_process'
import { promisify } from 'node:util'

export interface WrkFigures {
  requestsPerSecond: number
  p50Ms: number
  p99Ms: number
  non2xx: number
  /** Connect, read and write errors and timeouts, together. */
  socketErrors: number
}

export interface WrkOptions {
  seconds?: number
  connections?: number
  headers?: Record<string, string>
  /** A Lua script that shapes each request, and the arguments it gets after `--`. */
  script?: { path: string; args: string[] }
  /** Run wrk on these CPUs only (as taskset takes them, e.g. '1'), with one thread each. */
  cpus?: string
}

const toMs = (value: string, unit: string) => Number(value) * ({ us: 0.001, ms: 1, s: 1000 }[unit] ?? Number.NaN)

/** A bounded wrk run (fixed duration and connections) against one URL on loopback. */
export function runWrk(url: string, options: WrkOptions = {}): WrkFigures {
  return parseWrk(execFileSync(...wrkCommand(url, options), { encoding: 'utf8' }))
}

/** The same run without blocking this process, so two can run at once. */
export async function runWrkAsync(url: string, options: WrkOptions = {}): Promise<WrkFigures> {
  const { stdout } = await promisify(execFile)(...wrkCommand(url, options), { encoding: 'utf8' })
  return parseWrk(stdout)
}

function wrkCommand(
  url: string,
  { seconds = 10, connections = 64, headers = {}, script, cpus }: WrkOptions,
): [string, string[]] {
  // Two threads, one per core, as nginx runs two workers (or one per CPU it is
  // given); never more threads than connections.
  const threads = Math.min(cpus === undefined ? 2 : cpus.split(',').length, connections)
  const args = ['-t', String(threads), '-c', String(connections), '-d', `${seconds}s`, '--latency']
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`)
  if (script) args.push('-s', script.path)
  args.push(url)
  if (script) args.push('--', ...script.args)
  return cpus === undefined ? ['wrk', args] : ['taskset', ['-c', cpus, 'wrk', ...args]]
}

function parseWrk(output: string): WrkFigures {
  const latency = (percent: string) => {
    const match = new RegExp(`^\\s*${percent}%\\s+([\\d.]+)(us|ms|s)\\s*$`, 'm').exec(output)
    return match?.[1] && match[2] ? toMs(match[1], match[2]) : Number.NaN
  }
  return {
    requestsPerSecond: Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1] ?? Number.NaN),
    p50Ms: latency('50'),
    p99Ms: latency('99'),
    non2xx: Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(output)?.[1] ?? 0),
    socketErrors: (/Socket errors: (.*)$/m.exec(output)?.[1]?.match(/\d+/g) ?? []).reduce(
      (sum, n) => sum + Number(n),
      0,
    ),
  }
}
