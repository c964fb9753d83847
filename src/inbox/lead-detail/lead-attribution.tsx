import type { Touch } from '../../../common/attribution.ts'
import { inboxCopy } from '../content/inbox-copy.ts'
import { formatDateTime } from '../ui/format.ts'
import { touchesOf } from './touches.ts'

const copy = inboxCopy.detail

export function LeadAttribution({ attribution }: { attribution: unknown }) {
  const { first, last } = touchesOf(attribution)
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <TouchList title={copy.firstTouch} touch={first} />
      <TouchList title={copy.lastTouch} touch={last} />
    </div>
  )
}

function TouchList({ title, touch }: { title: string; touch: Touch | undefined }) {
  return (
    <div>
      <h3 className="font-semibold">{title}</h3>
      {touch ? (
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          {Object.entries(touch).map(([key, value]) => (
            <div key={key} className="contents">
              <dt className="font-mono text-ink/75">{key}</dt>
              <dd className="break-all">
                {key === 'captured_at' && !Number.isNaN(Date.parse(value)) ? (
                  <time dateTime={value}>{formatDateTime(value)}</time>
                ) : (
                  value
                )}
              </dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="mt-2 text-sm text-ink/75">{copy.noTouch}</p>
      )}
    </div>
  )
}
