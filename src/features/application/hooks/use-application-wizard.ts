import { useRef, useState } from 'react'
import { toast } from 'sonner'
import { applicationForm, type FormDefinition } from '../../../../common/application-form.ts'
import { HONEYPOT_MAX_LENGTH, answersSchema } from '../../../../common/contact-submission.ts'
import { site } from '../../../content/site.ts'
import { randomUuid } from '../../../lib/random-uuid.ts'
import { submitApplication } from '../api/submit-application.ts'
import { useReplacingErrorToast } from './use-replacing-error-toast.ts'

export type Answers = Record<string, string>

const emptyAnswers = (form: FormDefinition): Answers => Object.fromEntries(form.map((field) => [field.key, '']))

function stepAt(form: FormDefinition, index: number) {
  const step = form[index]
  if (!step) throw new RangeError(`There is no application question ${index + 1}.`)
  return step
}

/** An application the server has stored. */
export interface StoredApplication {
  /** The answers as sent: trimmed. */
  answers: Answers
  /** Its submission_id, the application's id. */
  submissionId: string
}

interface WizardOptions {
  /** Called once the application is stored, with what was stored. */
  onSubmitted: (application: StoredApplication) => void
  /** The questions to ask, one per step. */
  form?: FormDefinition
}

/**
 * The application, one question per step: which question is showing, the
 * answers so far, and sending them. Lives above the dialog, so closing and
 * reopening it keeps every answer.
 */
export function useApplicationWizard({ onSubmitted, form = applicationForm }: WizardOptions) {
  // Built once: the questions do not change while the page is open.
  const [schema] = useState(() => answersSchema(form))
  const [stepIndex, setStepIndex] = useState(0)
  const [answers, setAnswers] = useState<Answers>(() => emptyAnswers(form))
  const [invalidField, setInvalidField] = useState<string | null>(null)
  const [submitting, setSubmitting] = useState(false)
  const fieldRequiredToast = useReplacingErrorToast(site.toasts.fieldRequired)
  const failedToast = useReplacingErrorToast(site.toasts.submissionFailed)
  // Kept through failed attempts and manual resubmits, so an application the
  // server stored but whose answer got lost is recognised instead of stored twice.
  const submissionId = useRef<string | null>(null)
  // Read from the page when sending, not tracked per keystroke: a bot may set
  // the value without firing any input event.
  const honeypot = useRef<HTMLInputElement | null>(null)
  const registerHoneypot = (input: HTMLInputElement | null) => {
    honeypot.current = input
  }

  const step = stepAt(form, stepIndex)
  const isLastStep = stepIndex === form.length - 1

  const setAnswer = (field: string, value: string) => {
    // Edited answers make a new application: were the old one stored unseen, the
    // edit is kept as a row of its own rather than dismissed as a duplicate.
    if (value !== answers[field]) submissionId.current = null
    setAnswers((current) => ({ ...current, [field]: value }))
    if (invalidField === field) setInvalidField(null)
  }

  const rejectBlank = (field: string) => {
    setInvalidField(field)
    fieldRequiredToast.show()
  }

  const send = async (valid: Answers) => {
    setSubmitting(true)
    const id = (submissionId.current ??= randomUuid())
    try {
      await submitApplication({
        answers: valid,
        submissionId: id,
        // Cut to what the server takes, so a bot is answered like a person.
        honeypot: (honeypot.current?.value ?? '').slice(0, HONEYPOT_MAX_LENGTH),
      })
    } catch (error) {
      console.error('Application submission failed:', error)
      failedToast.show()
      setSubmitting(false)
      return
    }
    failedToast.dismiss()
    toast.success(site.toasts.submitted.title, { description: site.toasts.submitted.description })
    setSubmitting(false)
    submissionId.current = null
    setAnswers(emptyAnswers(form))
    setStepIndex(0)
    onSubmitted({ answers: valid, submissionId: id })
  }

  /** Next, or Submit on the last question; the Enter key does the same. */
  const advance = () => {
    if (submitting) return
    if (schema.shape[step.key]?.safeParse(answers[step.key]).success !== true) {
      rejectBlank(step.key)
      return
    }
    if (!isLastStep) {
      setStepIndex(stepIndex + 1)
      return
    }
    // Every answer passed on the way here; parsing trims them all, and would throw
    // rather than let a bad one be sent.
    void send(schema.parse(answers))
  }

  const back = () => {
    if (stepIndex > 0 && !submitting) setStepIndex(stepIndex - 1)
  }

  return {
    step,
    stepIndex,
    stepCount: form.length,
    isLastStep,
    answers,
    invalidField,
    submitting,
    /**
     * The honeypot input's ref. A callback, not the ref object: a ref object in
     * this bag would make every read of it count as reading a ref during render.
     */
    registerHoneypot,
    setAnswer,
    advance,
    back,
  }
}

export type ApplicationWizard = ReturnType<typeof useApplicationWizard>
