import type { FormEvent } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import { savedAnswers } from '../../../content/saved-answers.ts'
import { site } from '../../../content/site.ts'
import type { ApplicationWizard as Wizard } from '../hooks/use-application-wizard.ts'
import { AdsConsentField } from './ads-consent-field.tsx'
import { HoneypotField } from './honeypot-field.tsx'
import { ProgressBar } from './progress-bar.tsx'
import { StepField } from './step-field.tsx'

const COUNTER_ID = 'application-question-counter'

export function ApplicationWizard({ wizard }: { wizard: Wizard }) {
  const { step, stepIndex, stepCount, isLastStep, submitting, registerHoneypot } = wizard
  const questionLabel = site.application.questionCounter(stepIndex + 1, stepCount)

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    wizard.advance()
  }

  return (
    <form onSubmit={onSubmit} noValidate className="mt-6 flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <p id={COUNTER_ID} className="text-sm font-semibold text-ink/70">
          {questionLabel}
        </p>
        <ProgressBar
          value={stepIndex + 1}
          max={stepCount}
          label={site.application.progressLabel}
          valueText={questionLabel}
        />
      </div>
      <StepField
        key={`${step.key}:${wizard.round}`}
        field={step}
        value={wizard.answers[step.key] ?? ''}
        invalid={wizard.invalidField === step.key}
        message={wizard.invalidField === step.key ? wizard.invalidMessage : null}
        readOnly={submitting}
        describedBy={COUNTER_ID}
        onChange={(value) => wizard.setAnswer(step.key, value)}
        onEnter={wizard.advance}
      />
      {isLastStep && wizard.adsConsent && (
        <AdsConsentField
          platforms={wizard.adsConsent.platforms}
          checked={wizard.adsConsent.checked}
          disabled={submitting}
          onChange={wizard.adsConsent.setChecked}
        />
      )}
      <div className="flex justify-between gap-4">
        <Button variant="secondary" onClick={wizard.back} disabled={stepIndex === 0 || submitting}>
          {site.application.back}
        </Button>
        <Button type="submit" disabled={submitting}>
          {isLastStep ? (submitting ? site.application.submitting : site.application.submit) : site.application.next}
        </Button>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-x-4 text-sm text-ink/70">
        <p>{savedAnswers.notice}</p>
        <button
          type="button"
          onClick={wizard.startOver}
          disabled={submitting}
          className="min-h-11 font-semibold text-ink underline underline-offset-4 hover:text-ink/80 disabled:cursor-not-allowed disabled:opacity-50"
        >
          {savedAnswers.startOver}
        </button>
      </div>
      <HoneypotField ref={registerHoneypot} />
    </form>
  )
}
