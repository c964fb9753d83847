import { useState, type FormEvent } from 'react'
import type { Teammate } from '../../../common/account-api.ts'
import { Button } from '../../components/ui/button.tsx'
import { Input } from '../../components/ui/input.tsx'
import { AdminApiError } from '../api/inbox-fetch.ts'
import { useAddTeammate, useRemoveTeammate, useTeam } from '../api/teammates.ts'
import { accountCopy } from '../content/account-copy.ts'
import { inboxCopy } from '../content/inbox-copy.ts'
import { ownerCopy } from '../content/owner-copy.ts'
import { ConfirmDialog } from '../ui/confirm-dialog.tsx'
import { Field } from '../ui/field.tsx'
import { LoadFailed } from '../ui/load-failed.tsx'
import { Notice } from '../ui/notice.tsx'
import { TakesNewLeads } from './takes-new-leads.tsx'
import { TeammateAddedPanel } from './teammate-added.tsx'

const copy = accountCopy.teammates

function addProblem(error: unknown) {
  if (error instanceof AdminApiError && error.status === 409) return copy.exists
  if (error instanceof AdminApiError && error.status === 400) return copy.invalid
  return copy.addFailed
}

/** Who can sign in; the owner adds a teammate (with a set-up link to pass on) and removes one, after asking. */
export function TeammatesSection() {
  const team = useTeam()
  const add = useAddTeammate()
  const remove = useRemoveTeammate()
  const [removing, setRemoving] = useState<Teammate | undefined>()
  const [removed, setRemoved] = useState<string | undefined>()

  if (team.isPending) return <p>{inboxCopy.loading}</p>
  if (team.isError) return <LoadFailed error={team.error} onRetry={() => void team.refetch()} />
  const { canManage, teammates } = team.data

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (add.isPending) return
    const form = event.currentTarget
    add.mutate({ email: String(new FormData(form).get('email') ?? '') }, { onSuccess: () => form.reset() })
  }
  const confirmRemove = () => {
    if (!removing || remove.isPending) return
    remove.mutate(removing.id, {
      onSuccess: () => {
        setRemoved(removing.email)
        setRemoving(undefined)
      },
    })
  }

  return (
    <div className="flex flex-col gap-4">
      <ul aria-label={copy.caption} className="flex flex-col divide-y divide-ink/10">
        {teammates.map((teammate) => (
          <li key={teammate.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3">
            <div className="min-w-0">
              <p className="font-semibold break-all">
                {teammate.email} {teammate.you && <span className="font-normal text-ink/70">{copy.you}</span>}
              </p>
              <p className="text-sm text-ink/70">
                {teammate.role === 'owner' ? copy.owner : copy.member}
                {teammate.state === 'pending' && ` · ${copy.pending}`}
              </p>
            </div>
            <TakesNewLeads teammate={teammate} canManage={canManage} />
            {canManage && teammate.role === 'member' && (
              <Button
                variant="secondary"
                aria-label={copy.remove(teammate.email)}
                onClick={() => setRemoving(teammate)}
              >
                {copy.removeShort}
              </Button>
            )}
          </li>
        ))}
      </ul>
      <p className="text-sm text-ink/80">{ownerCopy.newLeadsNote}</p>
      {removed && <Notice tone="success">{copy.removed(removed)}</Notice>}
      {!canManage && <p className="text-ink/80">{copy.memberNote}</p>}
      {canManage && (
        <form onSubmit={submit} className="flex flex-wrap items-end gap-3">
          <Field label={copy.email} className="min-w-0 flex-1 basis-64">
            {({ id }) => <Input id={id} name="email" type="email" autoComplete="off" required />}
          </Field>
          <Button type="submit" aria-disabled={add.isPending}>
            {add.isPending ? copy.adding : copy.add}
          </Button>
        </form>
      )}
      {add.isError && <Notice tone="error">{addProblem(add.error)}</Notice>}
      {add.isSuccess && <TeammateAddedPanel added={add.data} />}
      <ConfirmDialog
        open={removing !== undefined}
        onOpenChange={(open) => {
          if (!open) setRemoving(undefined)
          remove.reset()
        }}
        title={copy.removeTitle(removing?.email ?? '')}
        description={copy.removeBody}
        confirmLabel={copy.removeConfirm}
        pendingLabel={copy.removing}
        pending={remove.isPending}
        error={remove.isError ? copy.removeFailed : undefined}
        onConfirm={confirmRemove}
      />
    </div>
  )
}
