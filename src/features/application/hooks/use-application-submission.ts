import { useRef, useState } from 'react'
import { toast } from 'sonner'
import { HONEYPOT_MAX_LENGTH } from '../../../../common/contact-submission.ts'
import { site } from '../../../content/site.ts'
import { track } from '../../../features-shared/track.ts'
import { submitApplication } from '../api/submit-application.ts'
import type { Answers } from '../wizard/application-wizard-reducer.ts'
import type { DraftSync } from './use-draft-sync.ts'
import { useReplacingErrorToast } from './use-replacing-error-toast.ts'

/** An application the server has stored. */
export interface StoredApplication {
  /** The answers as sent: trimmed. */
  answers: Answers
  /** Its submission_id, the application's id. */
  submissionId: string
}

interface SubmissionOptions {
  /** The draft's side of sending: the submission id, and forgetting the application once stored. */
  draft: Pick<DraftSync, 'startSending' | 'endSending' | 'clear'>
  /** Called once the application is stored, with what was stored. */
  onStored: (application: StoredApplication) => void
}

/** Sends the application, with the honeypot as the page holds it, and says how it went. */
export function useApplicationSubmission({ draft, onStored }: SubmissionOptions) {
  const [submitting, setSubmitting] = useState(false)
  const failedToast = useReplacingErrorToast(site.toasts.submissionFailed)
  // Read from the page when sending, not tracked per keystroke: a bot may set
  // the value without firing any input event.
  const honeypot = useRef<HTMLInputElement | null>(null)
  const registerHoneypot = (input: HTMLInputElement | null) => {
    honeypot.current = input
  }

  const submit = async (answers: Answers, adsConsent = false) => {
    setSubmitting(true)
    const submissionId = draft.startSending()
    try {
      await submitApplication({
        answers,
        submissionId,
        // Cut to what the server takes, so a bot is answered like a person.
        honeypot: (honeypot.current?.value ?? '').slice(0, HONEYPOT_MAX_LENGTH),
        adsConsent,
      })
    } catch (error) {
      console.error('Application submission failed:', error)
      track('submit_failed')
      failedToast.show()
      setSubmitting(false)
      draft.endSending()
      return
    }
    track('submit_succeeded')
    draft.clear()
    failedToast.dismiss()
    toast.success(site.toasts.submitted.title, { description: site.toasts.submitted.description })
    setSubmitting(false)
    draft.endSending()
    onStored({ answers, submissionId })
  }

  return { submitting, registerHoneypot, submit }
}
