import type { TeammateAdded } from '../../../common/account-api.ts'
import { SETUP_PAGE_PATH } from '../../../common/account-api.ts'
import { Button } from '../../components/ui/button.tsx'
import { Input } from '../../components/ui/input.tsx'
import { accountCopy } from '../content/account-copy.ts'
import { Field } from '../ui/field.tsx'
import { formatDateTime } from '../ui/format.ts'
import { Notice } from '../ui/notice.tsx'
import { useCopyText } from '../ui/use-copy-text.ts'

const copy = accountCopy.teammates

/** The new teammate's set-up link, shown once to the owner to pass on: the server keeps only its hash. */
export function TeammateAddedPanel({ added }: { added: TeammateAdded }) {
  const link = `${window.location.origin}${SETUP_PAGE_PATH}#${added.setupToken}`
  const { state, copy: copyText } = useCopyText()
  return (
    <div className="flex flex-col gap-3 rounded-xl bg-emerald-50 p-4">
      <Notice tone="success">
        {copy.added(added.teammate.email)} <time dateTime={added.expiresAt}>{formatDateTime(added.expiresAt)}</time>.
      </Notice>
      <div className="flex flex-wrap items-end gap-3">
        <Field label={copy.link} className="min-w-0 flex-1 basis-64">
          {({ id }) => (
            <Input
              id={id}
              value={link}
              readOnly
              className="font-mono text-sm"
              onFocus={(event) => event.target.select()}
            />
          )}
        </Field>
        <Button variant="secondary" onClick={() => void copyText(link)}>
          {copy.copyLink}
        </Button>
      </div>
      <p aria-live="polite" className={state === 'idle' ? 'sr-only' : 'text-sm'}>
        {state === 'copied' ? copy.linkCopied : state === 'failed' ? copy.linkCopyFailed : ''}
      </p>
    </div>
  )
}
