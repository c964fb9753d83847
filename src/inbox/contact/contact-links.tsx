import type { LeadAnswers } from '../../../common/lead-list-api.ts'
import type { TouchVia } from '../../../common/owner-api.ts'
import { touchLead } from '../api/owners.ts'
import { useSignedIn } from '../api/session.ts'
import { contactCopy } from '../content/contact-copy.ts'
import { useCopyText } from '../ui/use-copy-text.ts'
import { instagramHref, mailtoHref, telHref } from './contact-hrefs.ts'
import { InvalidEmailMark } from './invalid-email-mark.tsx'

const copy = contactCopy

interface Way {
  label: string
  value: string
  href: string | undefined
  /** Tapping it works the lead (a call, an email): the server is told, and the lead is new to nobody after. */
  touches?: TouchVia
}

const waysOf = (answers: LeadAnswers): Way[] => [
  { label: copy.phone, value: answers.phone, href: telHref(answers.phone), touches: 'call' },
  { label: copy.email, value: answers.email, href: mailtoHref(answers.email), touches: 'email' },
  { label: copy.instagram, value: answers.instagram, href: instagramHref(answers.instagram) },
]

function ContactWay({ way, withCopy, onTouch }: { way: Way; withCopy: boolean; onTouch?: (via: TouchVia) => void }) {
  const { state, copy: copyText } = useCopyText()
  const { touches } = way
  const external = way.href?.startsWith('https:')
  return (
    <div className="flex min-w-0 flex-wrap items-center gap-x-2">
      <dt className="sr-only">{way.label}</dt>
      <dd className="min-w-0 break-words">
        {way.href ? (
          <a
            href={way.href}
            className="inline-flex min-h-11 items-center font-semibold underline underline-offset-4"
            onClick={touches && onTouch ? () => onTouch(touches) : undefined}
            {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
          >
            {way.value}
          </a>
        ) : (
          <span>{way.value.trim() || copy.none}</span>
        )}
        {way.label === copy.email && <InvalidEmailMark email={way.value} />}
      </dd>
      {withCopy && way.value.trim() && (
        <dd>
          <button
            type="button"
            onClick={() => void copyText(way.value)}
            className="min-h-11 rounded-full px-3 text-sm font-semibold ring-1 ring-ink/25 hover:bg-ink/5"
          >
            {copy.copy(way.label)}
          </button>
          <span aria-live="polite" className={state === 'idle' ? 'sr-only' : 'ml-2 text-sm'}>
            {state === 'copied' ? copy.copied(way.label) : state === 'failed' ? copy.copyFailed : ''}
          </span>
        </dd>
      )}
    </div>
  )
}

/**
 * A lead's phone, email and Instagram as links that call, write or open the
 * profile; `withCopy` adds a copy button to each. With `leadId`, tapping the
 * call or email link tells the server that someone worked the lead.
 */
export function ContactLinks({
  answers,
  withCopy = false,
  leadId,
}: {
  answers: LeadAnswers
  withCopy?: boolean
  leadId?: number
}) {
  const { csrfToken } = useSignedIn()
  const onTouch = leadId === undefined ? undefined : (via: TouchVia) => touchLead(leadId, via, csrfToken)
  return (
    <dl aria-label={copy.label} className="flex flex-col gap-1">
      {waysOf(answers).map((way) => (
        <ContactWay key={way.label} way={way} withCopy={withCopy} onTouch={onTouch} />
      ))}
    </dl>
  )
}
