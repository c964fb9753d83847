import type { LeadAnswers } from '../../../common/admin-api.ts'
import { applicationForm } from '../../../common/application-form.ts'

/** Every answer under the question the visitor read. */
export function LeadAnswersList({ answers }: { answers: LeadAnswers }) {
  return (
    <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[minmax(10rem,auto)_1fr]">
      {applicationForm.map((field) => (
        <div key={field.key} className="contents">
          <dt className="font-semibold">{field.label}</dt>
          <dd className="whitespace-pre-wrap break-words">{answers[field.key]}</dd>
        </div>
      ))}
    </dl>
  )
}
