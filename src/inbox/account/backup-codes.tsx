import { useId, useState } from 'react'
import { Button } from '../../components/ui/button.tsx'
import { Textarea } from '../../components/ui/input.tsx'
import { useSignedIn } from '../api/session.ts'
import { accountCopy } from '../content/account-copy.ts'
import { inboxCopy } from '../content/inbox-copy.ts'
import { useLeaveGuard } from '../router/leave-guard.ts'
import { Notice } from '../ui/notice.tsx'
import { useCopyText } from '../ui/use-copy-text.ts'

const copy = inboxCopy.account
const codesCopy = accountCopy.backupCodes

/** Saves `text` as a file through the browser's download, without a round trip to the server. */
function downloadText(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }))
  const link = document.createElement('a')
  link.href = url
  link.download = name
  link.hidden = true
  document.body.append(link)
  link.click()
  link.remove()
  // The download has its own copy by the next turn.
  setTimeout(() => URL.revokeObjectURL(url), 0)
}

/**
 * Shown once, right after two-factor authentication is turned on: the server
 * keeps only their hashes. They stay until the user says they are saved, and
 * the page asks before it is left without that: by the tab, the inbox's links or signing out.
 */
export function BackupCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { email } = useSignedIn()
  const host = window.location.host
  const text = `${codesCopy.fileHeading(email, host)}\n\n${codes.join('\n')}\n`
  const { state, copy: copyText } = useCopyText()
  const [saved, setSaved] = useState(false)
  const savedId = useId()

  useLeaveGuard(codesCopy.leaving)

  return (
    <div className="mt-4">
      <h3 className="font-semibold">{copy.backupTitle}</h3>
      <p className="mt-1">{copy.backupIntro}</p>
      {/* Each tile is as wide as its code at least: a code split over two lines is misread. */}
      <ul
        aria-label={copy.backupTitle}
        className="mt-3 grid grid-cols-[repeat(auto-fill,minmax(9rem,1fr))] gap-2 font-mono"
      >
        {codes.map((code) => (
          <li key={code} className="whitespace-nowrap rounded-md bg-ink/5 px-2 py-1 text-center">
            {code}
          </li>
        ))}
      </ul>
      <div className="mt-4 flex flex-wrap gap-3">
        <Button variant="secondary" onClick={() => void copyText(codes.join('\n'))}>
          {codesCopy.copy}
        </Button>
        <Button variant="secondary" onClick={() => downloadText(codesCopy.fileName(window.location.hostname), text)}>
          {codesCopy.download}
        </Button>
      </div>
      <p aria-live="polite" className={state === 'copied' ? 'mt-2 text-sm' : 'sr-only'}>
        {state === 'copied' ? codesCopy.copied : ''}
      </p>
      {state === 'failed' && (
        <Notice tone="warning" className="mt-2">
          {codesCopy.copyFailed}
        </Notice>
      )}
      {state === 'failed' && (
        <Textarea
          readOnly
          value={codes.join('\n')}
          aria-label={codesCopy.asText}
          onFocus={(event) => event.target.select()}
          className="mt-2 font-mono"
        />
      )}
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <div className="flex items-center gap-2">
          <input
            id={savedId}
            type="checkbox"
            checked={saved}
            onChange={(event) => setSaved(event.target.checked)}
            className="size-5 accent-ink"
          />
          <label htmlFor={savedId}>{codesCopy.saved}</label>
        </div>
        <Button onClick={onDone} disabled={!saved}>
          {codesCopy.done}
        </Button>
      </div>
    </div>
  )
}
