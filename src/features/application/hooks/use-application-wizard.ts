import { useEffect, useRef, useState } from 'react'
import { toast } from 'sonner'
import { applicationForm, type FormDefinition } from '../../../../common/application-form.ts'
import { HONEYPOT_MAX_LENGTH, answersSchema } from '../../../../common/contact-submission.ts'
import { site } from '../../../content/site.ts'
import { randomUuid } from '../../../lib/random-uuid.ts'
import { track } from '../../analytics/track.ts'
import { submitApplication } from '../api/submit-application.ts'
import { pageDraft, type Draft, type DraftStore } from '../draft/draft-store.ts'
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
  /** Where the answers are kept as they are typed; this device's storage unless given. */
  draft?: DraftStore
}

/** The kept answers of this form's questions, the others blank. */
const answersFrom = (form: FormDefinition, draft: Draft | null): Answers =>
  Object.fromEntries(form.map((field) => [field.key, draft?.answers[field.key] ?? '']))

/**
 * The application, one question per step: which question is showing, the
 * answers so far, and sending them. Lives above the dialog, so closing and
 * reopening it keeps every answer.
 */
export function useApplicationWizard({ onSubmitted, form = applicationForm, draft = pageDraft }: WizardOptions) {
  // Built once: the questions do not change while the page is open.
  const [schema] = useState(() => answersSchema(form))
  // Read once, as the application first renders: it only ever does in the browser.
  const [kept] = useState(() => draft.read())
  const [answers, setAnswers] = useState<Answers>(() => answersFrom(form, kept))
  // Never past the first question still unanswered: every answer before the shown one has passed.
  const reachable = (wanted: number, current: Answers) => {
    const blank = form.findIndex((field) => schema.shape[field.key]?.safeParse(current[field.key]).success !== true)
    return Math.min(wanted, blank === -1 ? form.length - 1 : blank)
  }
  const [stepIndex, setStepIndex] = useState(() => reachable(kept?.step ?? 0, answers))
  // Bumped by 'Start over', so the first question takes the focus again.
  const [round, setRound] = useState(0)
  const [invalidField, setInvalidField] = useState<string | null>(null)
  const [submitting, setSubmitting] = useState(false)
  const fieldRequiredToast = useReplacingErrorToast(site.toasts.fieldRequired)
  const failedToast = useReplacingErrorToast(site.toasts.submissionFailed)
  // Kept through failed attempts, manual resubmits and, with the draft, reloads, so an
  // application the server stored but whose answer got lost is recognised instead of stored twice.
  const submissionId = useRef<string | null>(kept?.submissionId ?? null)
  // Read from the page when sending, not tracked per keystroke: a bot may set
  // the value without firing any input event.
  const honeypot = useRef<HTMLInputElement | null>(null)
  const registerHoneypot = (input: HTMLInputElement | null) => {
    honeypot.current = input
  }

  const step = stepAt(form, stepIndex)
  const isLastStep = stepIndex === form.length - 1

  // Another tab changed or cleared the draft: the last write wins here too,
  // except over an application on its way, which is sent as it was.
  const sending = useRef(false)
  useEffect(
    () =>
      draft.subscribe((changed) => {
        if (sending.current) return
        const next = answersFrom(form, changed)
        submissionId.current = changed?.submissionId ?? null
        setAnswers(next)
        setStepIndex((current) => reachable(current, next))
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reachable reads only the form and its schema, fixed for the page's life
    [draft, form],
  )

  const goTo = (index: number) => {
    setStepIndex(index)
    draft.saveStep(index)
  }

  const setAnswer = (field: string, value: string) => {
    // Edited answers make a new application: were the old one stored unseen, the
    // edit is kept as a row of its own rather than dismissed as a duplicate.
    if (value !== answers[field]) {
      submissionId.current = null
      draft.saveAnswer(field, value)
    }
    setAnswers((current) => ({ ...current, [field]: value }))
    if (invalidField === field) setInvalidField(null)
  }

  /** Forgets every answer, here and on the device, and goes back to the first question. */
  const startOver = () => {
    if (submitting) return
    draft.clear()
    submissionId.current = null
    setAnswers(emptyAnswers(form))
    setStepIndex(0)
    setInvalidField(null)
    setRound((current) => current + 1)
  }

  const rejectBlank = (field: string) => {
    setInvalidField(field)
    fieldRequiredToast.show()
  }

  const send = async (valid: Answers) => {
    setSubmitting(true)
    sending.current = true
    const id = (submissionId.current ??= randomUuid())
    draft.saveSubmissionId(id)
    try {
      await submitApplication({
        answers: valid,
        submissionId: id,
        // Cut to what the server takes, so a bot is answered like a person.
        honeypot: (honeypot.current?.value ?? '').slice(0, HONEYPOT_MAX_LENGTH),
      })
    } catch (error) {
      console.error('Application submission failed:', error)
      track('submit_failed')
      failedToast.show()
      setSubmitting(false)
      sending.current = false
      return
    }
    track('submit_succeeded')
    draft.clear()
    failedToast.dismiss()
    toast.success(site.toasts.submitted.title, { description: site.toasts.submitted.description })
    setSubmitting(false)
    sending.current = false
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
    track('step_completed', stepIndex + 1)
    if (!isLastStep) {
      goTo(stepIndex + 1)
      return
    }
    // Every answer passed on the way here; parsing trims them all, and would throw
    // rather than let a bad one be sent.
    void send(schema.parse(answers))
  }

  const back = () => {
    if (stepIndex > 0 && !submitting) goTo(stepIndex - 1)
  }

  return {
    step,
    stepIndex,
    stepCount: form.length,
    round,
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
    startOver,
  }
}

export type ApplicationWizard = ReturnType<typeof useApplicationWizard>
