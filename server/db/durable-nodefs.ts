import { closeSync, fdatasyncSync, openSync, readdirSync, constants as fsConstants } from 'node:fs'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { NodeFS } from '@electric-sql/pglite/nodefs'

/**
 * PGlite's start parameters, made durable. PGlite starts PostgreSQL with `-F`
 * (fsync off); without it PostgreSQL syncs the WAL at every commit and the data
 * files at every checkpoint. `wal_sync_method=fsync`, because the WASM libc's
 * fdatasync() never reaches the filesystem below, while fsync() does (through
 * the stream operation DurableNodeFS adds).
 */
export const DURABLE_START_PARAMS: readonly string[] = [
  ...PGlite.defaultStartParams.filter((param) => param !== '-F'),
  '-c',
  'fsync=on',
  '-c',
  'synchronous_commit=on',
  '-c',
  'wal_sync_method=fsync',
]

type ModuleOptions = Parameters<NodeFS['init']>[1]
type PostgresMod = Parameters<NonNullable<ModuleOptions['preRun']>[number]>[0]

/** The part of Emscripten's NODEFS this relies on (emscripten src/lib/libnodefs.js). */
interface NodeFsInternals {
  stream_ops: { fsync?: (stream: { nfd?: number }) => number }
  node_ops: {
    setattr: (node: unknown, attr: { mode?: number | null }) => void
    mknod: (parent: unknown, name: string, mode: number, dev: number) => unknown
  }
  tryFSOperation: (operation: () => unknown) => unknown
}

// Group and others' bits: PostgreSQL (in WASM) asks for 0666 files and chmods
// them so, past any umask; the data directory's files are its owner's alone.
const NOT_OWNER = 0o077

/**
 * PGlite's Node filesystem, with its files kept private (0600, folders 0700)
 * and the one operation it lacks: Emscripten's NODEFS
 * has no `fsync` stream operation, so PostgreSQL's fsync() of the WAL returned
 * success without touching the disk. With it, each fsync() PostgreSQL issues is
 * an fdatasync(2) of the real file before the call returns, and a failure
 * reaches PostgreSQL as an errno (which it treats as fatal, as it should).
 */
export class DurableNodeFS extends NodeFS {
  override async init(pg: PGlite, opts: ModuleOptions) {
    const { emscriptenOpts } = await super.init(pg, opts)
    const addFsync = (mod: PostgresMod) => {
      const nodefs = mod.NODEFS as unknown as NodeFsInternals
      nodefs.stream_ops.fsync = (stream) => {
        nodefs.tryFSOperation(() => {
          if (stream.nfd !== undefined) fdatasyncSync(stream.nfd)
        })
        return 0
      }
      const { setattr, mknod } = nodefs.node_ops
      nodefs.node_ops.setattr = (node, attr) =>
        setattr(node, typeof attr.mode === 'number' ? { ...attr, mode: attr.mode & ~NOT_OWNER } : attr)
      nodefs.node_ops.mknod = (parent, name, mode, dev) => mknod(parent, name, mode & ~NOT_OWNER, dev)
    }
    return { emscriptenOpts: { ...emscriptenOpts, preRun: [...(emscriptenOpts.preRun ?? []), addFsync] } }
  }
}

/**
 * Syncs every file and folder under `dir`. A new data directory is written by
 * initdb without syncs; until the first checkpoint a power cut could leave it
 * torn, so a newly created database is synced once before it takes writes.
 */
export function syncTree(dir: string) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) syncTree(path)
    else if (entry.isFile()) syncPath(path)
  }
  syncPath(dir)
}

function syncPath(path: string) {
  const fd = openSync(path, fsConstants.O_RDONLY)
  try {
    fdatasyncSync(fd)
  } finally {
    closeSync(fd)
  }
}
