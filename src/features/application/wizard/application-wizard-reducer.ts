import type { FormDefinition } from '../../../../common/application-form.ts'
import type { answersSchema } from '../../../../common/contact-submission.ts'

export type Answers = Record<string, string>

/** What moving between questions needs of one: its key, and whether a value answers it. */
export interface WizardQuestion {
  key: string
  accepts: (value: string | undefined) => boolean
  /** What to tell the visitor of an answer that is there but not in the shape the question asks; undefined otherwise. */
  misshapen: (value: string | undefined) => string | undefined
}

/**
 * The questions as the wizard walks them: checked by the rules the server
 * applies, and by the shape a question asks for (an email's), which only the
 * page asks: the server stores what it is sent.
 */
export const wizardQuestions = (form: FormDefinition, schema: ReturnType<typeof answersSchema>): WizardQuestion[] =>
  form.map(({ key, shape }) => {
    const passes = (value: string | undefined) => schema.shape[key]?.safeParse(value).success === true
    const misshapen = (value: string | undefined) =>
      shape !== undefined && passes(value) && !shape.accepts(value ?? '') ? shape.message : undefined
    return { key, accepts: (value) => passes(value) && misshapen(value) === undefined, misshapen }
  })

export interface WizardState {
  /** Fixed for the page's life: the form does not change while it is open. */
  questions: readonly WizardQuestion[]
  answers: Answers
  /** The question shown, 0-based. */
  stepIndex: number
  /** Bumped by 'Start over', so the first question takes the focus again. */
  round: number
  /** The question last refused as unanswered, until its answer changes. */
  invalidField: string | null
  /** Why it was refused, when its answer is there but not in the shape asked; null for a blank one. */
  invalidMessage: string | null
}

export type WizardAction =
  | { type: 'answered'; field: string; value: string }
  | { type: 'moved'; stepIndex: number }
  | { type: 'refused'; field: string; message?: string | undefined }
  | { type: 'started-over' }
  | { type: 'submitted' }
  /** Another tab changed or cleared the draft; null when it is gone. */
  | { type: 'synced'; answers: Answers | null }

/** The kept answers of these questions, the others blank. */
const answersOf = (questions: readonly WizardQuestion[], kept: Answers | null): Answers =>
  Object.fromEntries(questions.map(({ key }) => [key, kept?.[key] ?? '']))

/** Never past the first question still unanswered: every answer before the shown one has passed. */
function reachable(questions: readonly WizardQuestion[], answers: Answers, wanted: number) {
  const blank = questions.findIndex(({ key, accepts }) => !accepts(answers[key]))
  return Math.min(wanted, blank === -1 ? questions.length - 1 : blank)
}

/** Where a visitor resumes: their kept answers, on the question they last saw if every one before it is answered. */
export function initialWizardState(
  questions: readonly WizardQuestion[],
  kept: { answers: Answers; step: number } | null,
): WizardState {
  const answers = answersOf(questions, kept?.answers ?? null)
  return {
    questions,
    answers,
    stepIndex: reachable(questions, answers, kept?.step ?? 0),
    round: 0,
    invalidField: null,
    invalidMessage: null,
  }
}

/** Whether the question shown has an answer that passes. */
export const currentAnswered = ({ questions, answers, stepIndex }: WizardState) => {
  const question = questions[stepIndex]
  return question !== undefined && question.accepts(answers[question.key])
}

export function applicationWizardReducer(state: WizardState, action: WizardAction): WizardState {
  switch (action.type) {
    case 'answered': {
      const cleared = state.invalidField === action.field
      return {
        ...state,
        answers: { ...state.answers, [action.field]: action.value },
        invalidField: cleared ? null : state.invalidField,
        invalidMessage: cleared ? null : state.invalidMessage,
      }
    }
    case 'moved':
      return { ...state, stepIndex: action.stepIndex }
    case 'refused':
      return { ...state, invalidField: action.field, invalidMessage: action.message ?? null }
    case 'started-over':
      return {
        ...state,
        answers: answersOf(state.questions, null),
        stepIndex: 0,
        invalidField: null,
        invalidMessage: null,
        round: state.round + 1,
      }
    // The next application starts blank.
    case 'submitted':
      return { ...state, answers: answersOf(state.questions, null), stepIndex: 0 }
    // The last write wins here too: the other tab's answers, and no further on than they reach.
    case 'synced': {
      const answers = answersOf(state.questions, action.answers)
      return { ...state, answers, stepIndex: reachable(state.questions, answers, state.stepIndex) }
    }
  }
}
