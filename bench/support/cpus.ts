import { execFileSync } from 'node:child_process'
import { availableParallelism } from 'node:os'

/**
 * Where a server under test and its load generator run, on a machine of two
 * cores or more: apart, one core each, so that neither takes the other's core
 * now and then, and the server and the reference it is compared with get the
 * same core. Undefined on one core, where there is nothing to split.
 */
export const CPU_SPLIT =
  availableParallelism() >= 2 ? { server: '0', load: '1', all: `0-${availableParallelism() - 1}` } : undefined

/** Keeps a running process, every thread of it, to `cpus` (as taskset takes them, e.g. '0'). */
export function pinProcess(pid: number | undefined, cpus: string) {
  if (pid === undefined) throw new Error('No process to pin: it has not started')
  execFileSync('taskset', ['-a', '-p', '-c', cpus, String(pid)], { stdio: 'ignore' })
}
