// Runs in a worker thread (run-in-worker.ts): opens a snapshot of the embedded
// database (snapshot.ts) with a PGlite of its own and writes its rows to a
// backup file, so the server's thread never waits on that work.
import { parentPort, workerData } from 'node:worker_threads'
import { openPglite } from '../db/pglite.ts'
import { writeBackupFile } from '../db-copy/backup-file.ts'
import { backupRowSource } from '../db-copy/backup-secrets.ts'

export interface DumpJob {
  snapshotDir: string
  out: string
  createdAt: string
}

const job = workerData as DumpJob
const db = await openPglite(job.snapshotDir)
try {
  parentPort?.postMessage(await writeBackupFile(await backupRowSource(db), job.out, new Date(job.createdAt)))
} finally {
  await db.close()
}
