import { useState, type FormEvent } from 'react'
import { Button } from '../../components/ui/button.tsx'
import { Input } from '../../components/ui/input.tsx'
import { AdminApiError } from '../api/inbox-fetch.ts'
import { useDisableTotp } from '../api/totp.ts'
import { inboxCopy } from '../content/inbox-copy.ts'
import { Field } from '../ui/field.tsx'
import { Notice } from '../ui/notice.tsx'

const copy = inboxCopy.account

/**
 * Turning two-factor authentication off takes the second factor itself (a code
 * or a backup code), not the password: a session left open, or a password
 * seen over a shoulder, is not enough. The server signs out every other session.
 */
export function TotpDisable() {
  const disable = useDisableTotp()
  const [code, setCode] = useState('')
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    disable.mutate({ code: code.trim() })
  }
  const wrongCode = disable.error instanceof AdminApiError && disable.error.status < 500
  return (
    <>
      <p>{copy.totpOn}</p>
      <form onSubmit={submit} className="mt-4 flex flex-wrap items-end gap-3">
        <Field label={copy.disableCode}>
          {({ id }) => (
            <Input
              id={id}
              value={code}
              onChange={(event) => setCode(event.target.value)}
              autoComplete="one-time-code"
              autoCapitalize="off"
              spellCheck={false}
              required
              className="w-64"
            />
          )}
        </Field>
        <Button type="submit" variant="secondary" disabled={disable.isPending}>
          {disable.isPending ? copy.disabling : copy.disable}
        </Button>
      </form>
      {disable.isError && (
        <Notice tone="error" className="mt-4">
          {wrongCode ? copy.wrongDisableCode : copy.disableFailed}
        </Notice>
      )}
    </>
  )
}
