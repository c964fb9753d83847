import { useReducer, useState } from 'react'
import type { AdPlatform } from '../../../../common/ad-conversions.ts'
import { applicationForm, type FormDefinition } from '../../../../common/application-form.ts'
import { answersSchema } from '../../../../common/contact-submission.ts'
import { site } from '../../../content/site.ts'
import { track } from '../../../features-shared/track.ts'
import { pageConsentPlatforms } from '../api/ads-consent-platforms.ts'
import { pageDraft, type DraftStore } from '../draft/draft-store.ts'
import {
  applicationWizardReducer,
  currentAnswered,
  initialWizardState,
  wizardQuestions,
} from '../wizard/application-wizard-reducer.ts'
import { useApplicationSubmission, type StoredApplication } from './use-application-submission.ts'
import { useDraftSync } from './use-draft-sync.ts'
import { useReplacingErrorToast } from './use-replacing-error-toast.ts'

export type { Answers } from '../wizard/application-wizard-reducer.ts'
export type { StoredApplication } from './use-application-submission.ts'

function stepAt(form: FormDefinition, index: number) {
  const step = form[index]
  if (!step) throw new RangeError(`There is no application question ${index + 1}.`)
  return step
}

interface WizardOptions {
  /** Called once the application is stored, with what was stored. */
  onSubmitted: (application: StoredApplication) => void
  /** The questions to ask, one per step. */
  form?: FormDefinition
  /** Where the answers are kept as they are typed; this device's storage unless given. */
  draft?: DraftStore
  /** The ad platforms to ask consent for on the last step; those the page's server names unless given. */
  consentPlatforms?: () => readonly AdPlatform[]
}

/**
 * The application, one question per step: which question is showing, the
 * answers so far, and sending them. Lives above the dialog, so closing and
 * reopening it keeps every answer.
 */
export function useApplicationWizard({
  onSubmitted,
  form = applicationForm,
  draft = pageDraft,
  consentPlatforms = pageConsentPlatforms,
}: WizardOptions) {
  // Built once: the questions do not change while the page is open.
  const [schema] = useState(() => answersSchema(form))
  // Read once, as the application first renders: it only ever does in the browser.
  const [kept] = useState(() => draft.read())
  const [platforms] = useState(consentPlatforms)
  // Unticked on every visit: consent is given on the step it is asked, never kept from a draft.
  const [adsConsent, setAdsConsent] = useState(false)
  const [state, dispatch] = useReducer(applicationWizardReducer, null, () =>
    initialWizardState(wizardQuestions(form, schema), kept),
  )
  const saved = useDraftSync({ draft, kept, dispatch })
  const submission = useApplicationSubmission({
    draft: saved,
    onStored: (application) => {
      dispatch({ type: 'submitted' })
      onSubmitted(application)
    },
  })
  const fieldRequiredToast = useReplacingErrorToast(site.toasts.fieldRequired)

  const { answers, stepIndex } = state
  const { submitting } = submission
  const step = stepAt(form, stepIndex)
  const isLastStep = stepIndex === form.length - 1

  const goTo = (index: number) => {
    dispatch({ type: 'moved', stepIndex: index })
    saved.saveStep(index)
  }

  const setAnswer = (field: string, value: string) => {
    if (value !== answers[field]) saved.saveAnswer(field, value)
    dispatch({ type: 'answered', field, value })
  }

  /** Forgets every answer, here and on the device, and goes back to the first question. */
  const startOver = () => {
    if (submitting) return
    saved.clear()
    dispatch({ type: 'started-over' })
  }

  /** Next, or Submit on the last question; the Enter key does the same. */
  const advance = () => {
    if (submitting) return
    if (!currentAnswered(state)) {
      // An answer in the wrong shape is told what is wrong, under the field; a blank one gets the spec's toast.
      const message = state.questions[stepIndex]?.misshapen(answers[step.key])
      dispatch({ type: 'refused', field: step.key, message })
      if (message === undefined) fieldRequiredToast.show()
      else fieldRequiredToast.dismiss()
      return
    }
    track('step_completed', stepIndex + 1)
    if (!isLastStep) {
      goTo(stepIndex + 1)
      return
    }
    // Every answer passed on the way here; parsing trims them all, and would throw
    // rather than let a bad one be sent.
    void submission.submit(schema.parse(answers), platforms.length > 0 && adsConsent)
  }

  const back = () => {
    if (stepIndex > 0 && !submitting) goTo(stepIndex - 1)
  }

  return {
    step,
    stepIndex,
    stepCount: form.length,
    round: state.round,
    isLastStep,
    answers,
    invalidField: state.invalidField,
    invalidMessage: state.invalidMessage,
    submitting,
    /**
     * The honeypot input's ref. A callback, not the ref object: a ref object in
     * this bag would make every read of it count as reading a ref during render.
     */
    registerHoneypot: submission.registerHoneypot,
    /** The ad platforms' consent box, when the page's server asks for it; undefined shows none. */
    adsConsent: platforms.length > 0 ? { platforms, checked: adsConsent, setChecked: setAdsConsent } : undefined,
    setAnswer,
    advance,
    back,
    startOver,
  }
}

export type ApplicationWizard = ReturnType<typeof useApplicationWizard>
