import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { ADMIN_API_PATH } from '../../../common/admin-api.ts'
import { backupDownloadPath, type BackupList, type BackupSummary } from '../../../common/backup-api.ts'
import { inboxFetch } from './inbox-fetch.ts'
import { useSignedIn } from './session.ts'

const BACKUPS_KEY = ['admin-backups'] as const

/** Where a stored backup downloads from: a plain GET, which carries the session cookie. */
export const backupUrl = (name: string) => `${ADMIN_API_PATH}${backupDownloadPath(name)}`

/** The embedded database's stored backups, newest first; `enabled` is false on PostgreSQL. */
export const useBackups = () => useQuery({ queryKey: BACKUPS_KEY, queryFn: () => inboxFetch<BackupList>('/backups') })

/** Takes a backup now and resolves once it is complete; the list is read again after it. */
export function useTakeBackup() {
  const queryClient = useQueryClient()
  const { csrfToken } = useSignedIn()
  return useMutation({
    mutationFn: () => inboxFetch<BackupSummary>('/backups', { method: 'POST', csrfToken }),
    onSuccess: (taken) =>
      queryClient.setQueryData<BackupList>(BACKUPS_KEY, (list) =>
        list && !list.backups.some((backup) => backup.name === taken.name)
          ? { ...list, backups: [taken, ...list.backups] }
          : list,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: BACKUPS_KEY }),
  })
}
