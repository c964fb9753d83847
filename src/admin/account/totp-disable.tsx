import { useState, type FormEvent } from 'react'
import { Button } from '../../components/ui/button.tsx'
import { Input } from '../../components/ui/input.tsx'
import { AdminApiError } from '../api/admin-fetch.ts'
import { useDisableTotp } from '../api/totp.ts'
import { adminCopy } from '../content/admin-copy.ts'
import { Field } from '../shell/field.tsx'
import { Notice } from '../shell/notice.tsx'

const copy = adminCopy.account

/** Turning two-factor authentication off takes the password, so a session left open cannot. */
export function TotpDisable() {
  const disable = useDisableTotp()
  const [password, setPassword] = useState('')
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    disable.mutate({ password })
  }
  const wrongPassword = disable.error instanceof AdminApiError && disable.error.status < 500
  return (
    <>
      <p>{copy.totpOn}</p>
      <form onSubmit={submit} className="mt-4 flex flex-wrap items-end gap-3">
        <Field label={copy.disablePassword}>
          {({ id }) => (
            <Input id={id} type="password" value={password} onChange={(event) => setPassword(event.target.value)} autoComplete="current-password" required className="w-64" />
          )}
        </Field>
        <Button type="submit" variant="secondary" disabled={disable.isPending}>
          {disable.isPending ? copy.disabling : copy.disable}
        </Button>
      </form>
      {disable.isError && (
        <Notice tone="error" className="mt-4">
          {wrongPassword ? copy.wrongPassword : copy.disableFailed}
        </Notice>
      )}
    </>
  )
}
