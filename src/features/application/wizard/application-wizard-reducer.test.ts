import { describe, expect, it } from 'vitest'
import type { FormDefinition } from '../../../../common/application-form.ts'
import { answersSchema } from '../../../../common/contact-submission.ts'
import {
  applicationWizardReducer as reduce,
  currentAnswered,
  initialWizardState,
  wizardQuestions,
  type WizardState,
} from './application-wizard-reducer.ts'

const form: FormDefinition = [
  { key: 'name', label: 'Name', placeholder: '', kind: 'text', maxLength: 20 },
  { key: 'email', label: 'Email', placeholder: '', kind: 'email', maxLength: 20 },
  { key: 'goal', label: 'Goal', placeholder: '', kind: 'long-text', maxLength: 20 },
]
const questions = wizardQuestions(form, answersSchema(form))
const blank = { name: '', email: '', goal: '' }
const fresh = () => initialWizardState(questions, null)
const at = (stepIndex: number, answers: Record<string, string>): WizardState => ({ ...fresh(), answers, stepIndex })

describe('initialWizardState', () => {
  it('starts blank on the first question', () => {
    expect(fresh()).toMatchObject({ answers: blank, stepIndex: 0, round: 0, invalidField: null })
  })

  it('resumes the kept answers on the question last shown, dropping answers to questions the form no longer asks', () => {
    const state = initialWizardState(questions, {
      answers: { name: 'Ada', email: 'ada@example.com', gone: 'x' },
      step: 2,
    })
    expect(state.answers).toEqual({ name: 'Ada', email: 'ada@example.com', goal: '' })
    expect(state.stepIndex).toBe(2)
  })

  it('never resumes past the first question without an answer that passes', () => {
    expect(initialWizardState(questions, { answers: { name: 'Ada', email: '   ' }, step: 2 }).stepIndex).toBe(1)
    expect(initialWizardState(questions, { answers: {}, step: 5 }).stepIndex).toBe(0)
  })

  it('resumes a step beyond the form on its last question when every answer passes', () => {
    const state = initialWizardState(questions, {
      answers: { name: 'Ada', email: 'ada@example.com', goal: 'More calls' },
      step: 9,
    })
    expect(state.stepIndex).toBe(2)
  })
})

describe('currentAnswered', () => {
  it('is true only when the shown question has an answer that passes, once trimmed', () => {
    expect(currentAnswered(at(0, { ...blank, name: 'Ada' }))).toBe(true)
    expect(currentAnswered(at(0, { ...blank, name: '  ' }))).toBe(false)
    expect(currentAnswered(at(1, { ...blank, name: 'Ada', email: 'x'.repeat(21) }))).toBe(false)
  })
})

describe('applicationWizardReducer', () => {
  it('keeps an answer, and clears the refusal only of the question answered', () => {
    const refused = reduce(fresh(), { type: 'refused', field: 'name' })
    expect(refused.invalidField).toBe('name')
    expect(reduce(refused, { type: 'answered', field: 'email', value: 'a' })).toMatchObject({
      invalidField: 'name',
      answers: { email: 'a' },
    })
    expect(reduce(refused, { type: 'answered', field: 'name', value: 'Ada' })).toMatchObject({
      invalidField: null,
      answers: { name: 'Ada' },
    })
  })

  it('moves to the question it is told', () => {
    expect(reduce(fresh(), { type: 'moved', stepIndex: 2 }).stepIndex).toBe(2)
  })

  it('starts over blank on the first question, in a new round, with no refusal', () => {
    const before = { ...at(2, { name: 'Ada', email: 'ada@example.com', goal: 'x' }), invalidField: 'goal', round: 1 }
    expect(reduce(before, { type: 'started-over' })).toMatchObject({
      answers: blank,
      stepIndex: 0,
      invalidField: null,
      round: 2,
    })
  })

  it('after a submission, starts blank on the first question in the same round', () => {
    const before = { ...at(2, { name: 'Ada', email: 'ada@example.com', goal: 'x' }), round: 1 }
    expect(reduce(before, { type: 'submitted' })).toMatchObject({ answers: blank, stepIndex: 0, round: 1 })
  })

  it("takes another tab's answers, stepping back to the first question they leave unanswered", () => {
    const before = at(2, { name: 'Ada', email: 'ada@example.com', goal: '' })
    const synced = reduce(before, { type: 'synced', answers: { name: 'Ada', email: '' } })
    expect(synced).toMatchObject({ answers: { name: 'Ada', email: '', goal: '' }, stepIndex: 1 })
  })

  it('stays on the shown question when the other tab answered further on', () => {
    const before = at(1, { ...blank, name: 'Ada' })
    expect(
      reduce(before, { type: 'synced', answers: { name: 'Ada', email: 'ada@example.com', goal: 'x' } }).stepIndex,
    ).toBe(1)
  })

  it('goes back to the first question, blank, when another tab cleared the draft', () => {
    expect(
      reduce(at(2, { name: 'Ada', email: 'ada@example.com', goal: '' }), { type: 'synced', answers: null }),
    ).toMatchObject({
      answers: blank,
      stepIndex: 0,
    })
  })

  it('leaves the state it was given as it was', () => {
    const before = at(1, { ...blank, name: 'Ada' })
    const copy = structuredClone({ answers: before.answers, stepIndex: before.stepIndex })
    reduce(before, { type: 'answered', field: 'email', value: 'a' })
    reduce(before, { type: 'started-over' })
    expect({ answers: before.answers, stepIndex: before.stepIndex }).toEqual(copy)
  })
})
