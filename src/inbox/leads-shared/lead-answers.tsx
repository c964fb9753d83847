import { applicationForm } from '../../../common/application-form.ts'
import type { LeadAnswers } from '../../../common/lead-list-api.ts'

/** Every answer but those named in `except` (shown elsewhere on the screen), under the question the visitor read. */
export function LeadAnswersList({ answers, except = [] }: { answers: LeadAnswers; except?: readonly string[] }) {
  return (
    // On a phone each answer runs on after its question, "Budget: …"; from 640 px up, two columns.
    <dl className="flex flex-col gap-2 sm:grid sm:grid-cols-[minmax(10rem,auto)_1fr] sm:gap-x-6 sm:gap-y-3">
      {applicationForm
        .filter((field) => !except.includes(field.key))
        .map((field) => (
          <div key={field.key} className="sm:contents">
            <dt className="inline font-semibold after:content-[':'] sm:block sm:after:content-none">{field.label}</dt>{' '}
            <dd className="inline whitespace-pre-wrap break-words sm:block">{answers[field.key]}</dd>
          </div>
        ))}
    </dl>
  )
}
