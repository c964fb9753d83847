// A process that wants an embedded data directory, for data-dir-lock.test.ts:
// `node --import tsx lock-contender.ts DIR`. Each "lock" line on stdin makes one
// attempt, "release" gives up what it holds; each outcome is a JSON line on
// stdout. It exits when stdin closes, so a test that dies leaves nothing behind.
import { createInterface } from 'node:readline'
import { DataDirInUseError, lockDataDir } from '../db/data-dir-lock.ts'

const dataDir = process.argv[2]
if (dataDir === undefined) throw new Error('usage: lock-contender.ts DIR')

const report = (fields: Record<string, unknown>) =>
  process.stdout.write(`${JSON.stringify({ pid: process.pid, ...fields })}\n`)
const releases: (() => Promise<void>)[] = []

const lines = createInterface({ input: process.stdin })
lines.on('line', (line) => {
  if (line === 'lock') {
    lockDataDir(dataDir).then(
      (release) => {
        releases.push(release)
        report({ outcome: 'locked' })
      },
      (error: unknown) =>
        report({ outcome: error instanceof DataDirInUseError ? 'in-use' : 'error', message: String(error) }),
    )
  } else if (line === 'release') {
    void Promise.all(releases.splice(0).map((release) => release())).then(() => report({ outcome: 'released' }))
  }
})
lines.on('close', () => process.exit(0))
report({ outcome: 'ready' })
