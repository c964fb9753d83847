import type { BackupSummary } from '../../../common/backup-api.ts'
import { Button } from '../../components/ui/button.tsx'
import { backupUrl, useBackups, useTakeBackup } from '../api/backups.ts'
import { AdminApiError } from '../api/inbox-fetch.ts'
import { inboxCopy } from '../content/inbox-copy.ts'
import { DataTable, type Column } from '../ui/data-table.tsx'
import { formatDateTime } from '../ui/format.ts'
import { LoadFailed } from '../ui/load-failed.tsx'
import { Notice } from '../ui/notice.tsx'

const copy = inboxCopy.account

const sizes = [
  { unit: 'gigabyte', bytes: 1e9 },
  { unit: 'megabyte', bytes: 1e6 },
  { unit: 'kilobyte', bytes: 1e3 },
] as const

/** A file's size as the reader's locale writes it: "1.4 MB". */
function formatSize(bytes: number) {
  const size = sizes.find((candidate) => bytes >= candidate.bytes)
  if (size === undefined)
    return new Intl.NumberFormat(undefined, { style: 'unit', unit: 'byte', unitDisplay: 'short' }).format(bytes)
  return new Intl.NumberFormat(undefined, {
    style: 'unit',
    unit: size.unit,
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  }).format(bytes / size.bytes)
}

const TakenAt = ({ iso }: { iso: string }) => <time dateTime={iso}>{formatDateTime(iso)}</time>

/** The list's columns; the file is a download link for the owner only, who alone may download it. */
const columnsFor = (canManage: boolean): readonly Column<BackupSummary>[] => [
  {
    header: copy.backupTakenAt,
    rowHeader: true,
    className: 'whitespace-nowrap font-normal',
    cell: (backup) => <TakenAt iso={backup.createdAt} />,
  },
  { header: copy.backupKind, className: 'whitespace-nowrap', cell: (backup) => copy.backupKinds[backup.kind] },
  {
    header: copy.backupFile,
    className: 'break-all',
    cell: (backup) =>
      canManage ? (
        <a
          href={backupUrl(backup.name)}
          download={backup.name}
          className="font-semibold underline underline-offset-4 hover:text-ink/70"
        >
          {backup.name}
        </a>
      ) : (
        backup.name
      ),
  },
  { header: copy.backupSize, align: 'end', className: 'whitespace-nowrap', cell: (backup) => formatSize(backup.bytes) },
]

/** The server's own words for a refusal it explains (the rate limit's 429), else the section's. */
const failure = (error: unknown) =>
  (error instanceof AdminApiError && error.status === 429 && error.serverMessage) || copy.backupFailed

/** Starts the browser's download of a stored backup, as its link in the list would. */
function download(name: string) {
  const link = document.createElement('a')
  link.href = backupUrl(name)
  link.download = name
  link.hidden = true
  document.body.append(link)
  link.click()
  link.remove()
}

/** The embedded database's backups: when the last was taken, one now to download, and those stored. */
export function BackupsSection() {
  const backups = useBackups()
  const take = useTakeBackup()

  if (backups.isPending) return <p>{inboxCopy.loading}</p>
  if (backups.isError) return <LoadFailed error={backups.error} onRetry={() => void backups.refetch()} />
  if (!backups.data.enabled) return <p>{copy.backupsOnPostgres}</p>

  const { canManage, backups: stored } = backups.data
  const last = stored[0]
  const takeNow = () => {
    if (take.isPending) return
    take.mutate(undefined, { onSuccess: (taken) => download(taken.name) })
  }
  return (
    <div className="flex flex-col gap-4">
      <p className="max-w-prose text-ink/80">{copy.backupsIntro}</p>
      <p>
        {last === undefined ? (
          copy.backupsNone
        ) : (
          <>
            {copy.backupsLast} <TakenAt iso={last.createdAt} />. {copy.backupsKept(stored.length)}
          </>
        )}
      </p>
      {canManage ? (
        <>
          <div>
            <Button
              onClick={takeNow}
              aria-disabled={take.isPending}
              className="aria-disabled:cursor-wait aria-disabled:bg-gold/60"
            >
              {take.isPending ? copy.backingUp : copy.backupNow}
            </Button>
          </div>
          {/* Always in the page, so that what it comes to say is announced; not role="status", which the page's other notices have. */}
          <p aria-live="polite" aria-atomic="true" className={take.isSuccess ? 'text-sm' : 'sr-only'}>
            {take.isPending ? copy.backingUp : take.isSuccess ? copy.backupTaken(take.data.name) : ''}
          </p>
          {take.isError && <Notice tone="error">{failure(take.error)}</Notice>}
        </>
      ) : (
        <p className="text-ink/80">{copy.backupsOwnerOnly}</p>
      )}
      {stored.length > 0 && (
        <div aria-busy={take.isPending || backups.isFetching} className="overflow-x-auto rounded-xl ring-1 ring-ink/10">
          <DataTable
            caption={copy.backupsCaption}
            columns={columnsFor(canManage)}
            rows={stored}
            rowKey={(backup) => backup.name}
          />
        </div>
      )}
    </div>
  )
}
