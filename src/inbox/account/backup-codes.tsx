import { inboxCopy } from '../content/inbox-copy.ts'

const copy = inboxCopy.account

/** Shown once, right after two-factor authentication is turned on: the server keeps only their hashes. */
export function BackupCodes({ codes }: { codes: string[] }) {
  return (
    <div className="mt-4">
      <h3 className="font-semibold">{copy.backupTitle}</h3>
      <p className="mt-1">{copy.backupIntro}</p>
      <ul aria-label={copy.backupTitle} className="mt-3 grid grid-cols-2 gap-2 font-mono sm:grid-cols-5">
        {codes.map((code) => (
          <li key={code} className="rounded-md bg-ink/5 px-2 py-1 text-center">
            {code}
          </li>
        ))}
      </ul>
    </div>
  )
}
