import { useState, type FormEvent } from 'react'
import { Button } from '../../components/ui/button.tsx'
import { Input } from '../../components/ui/input.tsx'
import { AdminApiError } from '../api/inbox-fetch.ts'
import { useSignedIn } from '../api/session.ts'
import { useEnableTotp, useStartTotp } from '../api/totp.ts'
import { inboxCopy } from '../content/inbox-copy.ts'
import { Field } from '../ui/field.tsx'
import { Notice } from '../ui/notice.tsx'
import { BackupCodes } from './backup-codes.tsx'
import { TotpDisable } from './totp-disable.tsx'

const copy = inboxCopy.account

// The server's QR code is an SVG document: as an image it runs nothing, whatever it holds, and the
// policy allows images from data: URLs.
const svgImage = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`

/** Turning on two-factor authentication: scan, confirm with a code, keep the backup codes. */
export function TotpEnrolment() {
  const { totpEnabled } = useSignedIn()
  const start = useStartTotp()
  const confirm = useEnableTotp()
  const [code, setCode] = useState('')

  if (confirm.isSuccess) {
    return (
      <>
        <Notice tone="success">{copy.done}</Notice>
        <BackupCodes codes={confirm.data.backupCodes} onDone={() => confirm.reset()} />
      </>
    )
  }
  if (totpEnabled) return <TotpDisable />
  if (!start.isSuccess) {
    return (
      <>
        <p>{copy.totpOff}</p>
        <Button className="mt-4" onClick={() => start.mutate()} disabled={start.isPending}>
          {start.isPending ? copy.totpStarting : copy.totpStart}
        </Button>
        {start.isError && (
          <Notice tone="error" className="mt-4">
            {copy.failed}
          </Notice>
        )}
      </>
    )
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    confirm.mutate({ code: code.trim() })
  }
  const wrongCode = confirm.error instanceof AdminApiError && confirm.error.status < 500
  return (
    <>
      <p>{copy.scan}</p>
      <img
        src={svgImage(start.data.qrSvg)}
        alt={copy.qrAlt}
        width={200}
        height={200}
        className="mt-4 rounded-lg bg-white p-2 ring-1 ring-ink/15"
      />
      <Field label={copy.secret} className="mt-4 max-w-md">
        {({ id }) => (
          <Input
            id={id}
            value={start.data.secret}
            readOnly
            className="font-mono tracking-wider"
            onFocus={(event) => event.target.select()}
          />
        )}
      </Field>
      <form onSubmit={submit} className="mt-4 flex flex-wrap items-end gap-3">
        <Field label={copy.confirmCode}>
          {({ id }) => (
            <Input
              id={id}
              value={code}
              onChange={(event) => setCode(event.target.value)}
              autoComplete="one-time-code"
              inputMode="numeric"
              required
              className="w-40"
            />
          )}
        </Field>
        <Button type="submit" disabled={confirm.isPending}>
          {confirm.isPending ? copy.confirming : copy.confirm}
        </Button>
      </form>
      {confirm.isError && (
        <Notice tone="error" className="mt-4">
          {wrongCode ? copy.wrongCode : copy.failed}
        </Notice>
      )}
    </>
  )
}
