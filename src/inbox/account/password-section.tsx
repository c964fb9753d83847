import { useState, type FormEvent } from 'react'
import { PASSWORD_MIN_LENGTH } from '../../../common/session-api.ts'
import { Button } from '../../components/ui/button.tsx'
import { Input } from '../../components/ui/input.tsx'
import { useChangePassword } from '../api/account.ts'
import { AdminApiError } from '../api/inbox-fetch.ts'
import { accountCopy } from '../content/account-copy.ts'
import { Field } from '../ui/field.tsx'
import { Notice } from '../ui/notice.tsx'
import { NewPasswordFields, newPasswordOf } from './new-password-fields.tsx'

const copy = accountCopy.password

/** What went wrong, in the page's words: the server's answers are matched by their status and code. */
function problemOf(error: unknown) {
  if (!(error instanceof AdminApiError)) return copy.failed
  if (error.status === 429) return copy.tooMany
  if (error.code === 'wrong_password') return copy.wrongCurrent
  if (error.status === 400) return copy.rejected(PASSWORD_MIN_LENGTH)
  return copy.failed
}

/** Changing the signed-in account's password, with the current one; the server signs out its other sessions. */
export function PasswordSection() {
  const change = useChangePassword()
  const [mismatch, setMismatch] = useState(false)

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (change.isPending) return
    const formElement = event.currentTarget
    const form = new FormData(formElement)
    const newPassword = newPasswordOf(form)
    setMismatch(newPassword === null)
    if (newPassword === null) return
    change.mutate(
      { currentPassword: String(form.get('current-password') ?? ''), newPassword },
      { onSuccess: () => formElement.reset() },
    )
  }

  return (
    <form onSubmit={submit} className="flex max-w-md flex-col gap-4">
      <p className="text-ink/80">{copy.intro}</p>
      <Field label={copy.current}>
        {({ id }) => <Input id={id} name="current-password" type="password" autoComplete="current-password" required />}
      </Field>
      <NewPasswordFields
        label={copy.next}
        hint={copy.nextHint(PASSWORD_MIN_LENGTH)}
        againLabel={copy.again}
        mismatchMessage={copy.mismatch}
        mismatch={mismatch}
      />
      {!mismatch && change.isError && <Notice tone="error">{problemOf(change.error)}</Notice>}
      {!mismatch && change.isSuccess && <Notice tone="success">{copy.changed}</Notice>}
      <div>
        <Button type="submit" aria-disabled={change.isPending}>
          {change.isPending ? copy.changing : copy.change}
        </Button>
      </div>
    </form>
  )
}
