import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startServer, stopServer } from '../reliability/support/server-process.ts'
import { pgliteTarget } from '../reliability/support/targets.ts'
import { migrate } from '../server/db/migrate.ts'
import { openPglite } from '../server/db/pglite.ts'
import { apiOnPgliteSection } from './support/quick-sections.ts'
const pglite = await pgliteTarget()
const db = await openPglite(await mkdtemp(join(tmpdir(), 'ab-bare-')))
await migrate(db)
const server = await startServer({ ...pglite.env, LOG_LEVEL: 'info' })
await apiOnPgliteSection({ log: (l) => console.log(l), record: (f) => console.log(JSON.stringify(f)) }, server, db)
await stopServer(server)
await db.close()
await pglite.dispose()
