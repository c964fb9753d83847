import type { Ref } from 'react'
import { HONEYPOT_FIELD } from '../../../../common/contact-submission.ts'
import { site } from '../../../content/site.ts'

/**
 * A field only bots fill in (the server answers them as usual and stores the
 * application flagged as spam). Moved off-screen rather than display:none,
 * which bots skip; hidden from assistive technology and out of the Tab order,
 * so nobody who uses the form can land in it by mistake. Its name and label
 * hold no word autofill knows, and password managers are told to skip it, so a
 * person's browser does not fill it for them either.
 */
export function HoneypotField({ ref }: { ref: Ref<HTMLInputElement> }) {
  const id = `application-${HONEYPOT_FIELD}`
  return (
    <div aria-hidden="true" className="pointer-events-none absolute top-0 -left-[10000px] h-px w-px overflow-hidden">
      <label htmlFor={id}>{site.application.honeypotLabel}</label>
      <input
        ref={ref}
        id={id}
        name={HONEYPOT_FIELD}
        type="text"
        tabIndex={-1}
        autoComplete="off"
        // 1Password, LastPass, Bitwarden and Dashlane each read their own opt-out.
        data-1p-ignore=""
        data-lpignore="true"
        data-bwignore=""
        data-form-type="other"
        defaultValue=""
      />
    </div>
  )
}
