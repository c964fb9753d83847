import { useState, type FormEvent } from 'react'
import { Button } from '../../components/ui/button.tsx'
import { Input } from '../../components/ui/input.tsx'
import { useEraseByEmail } from '../api/leads.ts'
import { inboxCopy } from '../content/inbox-copy.ts'
import { toolsCopy } from '../content/inbox-tools-copy.ts'
import { InboxLink } from '../router/inbox-link.tsx'
import { adminPaths } from '../router/paths.ts'
import { ConfirmDialog } from '../ui/confirm-dialog.tsx'
import { Field } from '../ui/field.tsx'
import { Notice } from '../ui/notice.tsx'
import { PageTitle } from '../ui/page-title.tsx'

const copy = inboxCopy.erasure

/** Erases every lead of one person, after a confirmation naming the address. */
export function ErasurePage() {
  const [email, setEmail] = useState('')
  const [confirming, setConfirming] = useState(false)
  const erase = useEraseByEmail()
  const ask = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    erase.reset()
    setConfirming(true)
  }
  const confirm = () =>
    erase.mutate(email.trim(), {
      onSuccess: () => {
        setConfirming(false)
        setEmail('')
      },
    })
  return (
    <>
      <InboxLink href={adminPaths.account} className="font-semibold underline underline-offset-4">
        ← {toolsCopy.erasureLink.back}
      </InboxLink>
      <div className="mt-4">
        <PageTitle>{copy.title}</PageTitle>
      </div>
      <p className="mt-2 max-w-prose">{copy.intro}</p>
      <form onSubmit={ask} className="mt-6 flex max-w-md flex-col gap-4 rounded-2xl bg-white p-6 shadow-sm">
        <Field label={copy.email}>
          {({ id }) => (
            <Input
              id={id}
              type="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              required
              minLength={3}
            />
          )}
        </Field>
        <div>
          <Button type="submit">{copy.submit}</Button>
        </div>
      </form>
      {erase.isSuccess && !confirming && (
        <Notice tone="success" className="mt-4 max-w-md">
          {copy.done(erase.data.erased, erase.variables)}
        </Notice>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={copy.confirmTitle(email.trim())}
        description={copy.confirmBody}
        confirmLabel={copy.confirm}
        pendingLabel={copy.erasing}
        pending={erase.isPending}
        error={erase.isError && copy.failed}
        onConfirm={confirm}
      />
    </>
  )
}
