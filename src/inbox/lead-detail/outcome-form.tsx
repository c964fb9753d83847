import { useId, useState, type FormEvent } from 'react'
import {
  LEAD_OUTCOMES,
  LOST_NOTE_MAX_LENGTH,
  type LeadOutcomeKind,
  type OutcomeInput,
} from '../../../common/lead-outcome-api.ts'
import type { LeadDetail } from '../../../common/lead-page-api.ts'
import { AMOUNT_PATTERN } from '../../../common/money.ts'
import { Button } from '../../components/ui/button.tsx'
import { fieldClassName, Input, Textarea } from '../../components/ui/input.tsx'
import { useEnterOutcome, useOutcomeSettings } from '../api/outcomes.ts'
import { outcomeCopy } from '../content/outcome-copy.ts'
import { Notice } from '../ui/notice.tsx'
import { outcomeLine } from './outcome-line.ts'

const copy = outcomeCopy.form

/** Whether the lead has had a call to give an outcome of: a booking, a status past it, or an outcome already. */
export const hasCall = (lead: LeadDetail) =>
  lead.bookings.length > 0 || lead.outcomes.length > 0 || !['new', 'contacted'].includes(lead.status)

type Problem = 'kind' | 'amount' | 'reason'

/**
 * The outcome after the call (ADR 040): Showed, No-show, Won with its amount
 * and currency, or Lost with a reason and words. Entering another corrects it;
 * each stays in the timeline. Errors are said in words beside their field and
 * announced; the field is marked invalid.
 */
export function OutcomeForm({ lead }: { lead: LeadDetail }) {
  const settings = useOutcomeSettings()
  const enter = useEnterOutcome()
  const ids = useId()
  const [kind, setKind] = useState<LeadOutcomeKind | undefined>(undefined)
  const [amount, setAmount] = useState('')
  const [currency, setCurrency] = useState<string | undefined>(undefined)
  const [reason, setReason] = useState('')
  const [note, setNote] = useState('')
  const [problem, setProblem] = useState<Problem | undefined>(undefined)
  const [saved, setSaved] = useState<string | undefined>(undefined)
  const latest = lead.outcomes.at(-1)
  const shownCurrency = currency ?? settings.data?.currency ?? ''

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (enter.isPending) return
    const found: Problem | undefined =
      kind === undefined
        ? 'kind'
        : kind === 'won' && !AMOUNT_PATTERN.test(amount.trim())
          ? 'amount'
          : kind === 'lost' && reason === ''
            ? 'reason'
            : undefined
    setProblem(found)
    setSaved(undefined)
    if (found !== undefined || kind === undefined) return
    const input: OutcomeInput =
      kind === 'won'
        ? { outcome: kind, amount: amount.trim(), ...(shownCurrency && { currency: shownCurrency }) }
        : kind === 'lost'
          ? { outcome: kind, lostReason: reason, ...(note.trim() && { note: note.trim() }) }
          : { outcome: kind }
    enter.mutate(
      { id: lead.id, input },
      {
        onSuccess: () => {
          setSaved(copy.saved(outcomeCopy.kinds[kind]))
          setKind(undefined)
          setAmount('')
          setReason('')
          setNote('')
        },
      },
    )
  }

  const errorId = (field: Problem) => `${ids}-${field}-error`
  const error = (field: Problem, text: string) =>
    problem === field && (
      <p id={errorId(field)} role="alert" className="text-sm font-semibold text-red-800">
        {text}
      </p>
    )
  const invalid = (field: Problem) =>
    problem === field ? { 'aria-invalid': true, 'aria-describedby': errorId(field) } : {}

  return (
    <form onSubmit={submit} noValidate aria-labelledby={`${ids}-title`} className="flex flex-col gap-3">
      <h2 id={`${ids}-title`} className="font-bold">
        {latest ? copy.correctTitle : copy.title}
      </h2>
      {latest && <p>{outcomeLine(latest)}</p>}
      {lead.needsOutcome && <p className="text-sm">{outcomeCopy.needsOutcomeHint}</p>}
      <fieldset {...invalid('kind')} className="flex flex-col gap-1">
        <legend className="text-sm font-semibold">{copy.legend}</legend>
        <div className="flex flex-wrap gap-x-4">
          {LEAD_OUTCOMES.map((value) => (
            <label key={value} className="inline-flex min-h-11 items-center gap-2">
              <input
                type="radio"
                name={`${ids}-kind`}
                value={value}
                checked={kind === value}
                onChange={() => setKind(value)}
                className="size-5"
              />
              {outcomeCopy.kinds[value]}
            </label>
          ))}
        </div>
        {error('kind', copy.needKind)}
      </fieldset>
      {kind === 'won' && (
        <div className="flex flex-wrap gap-3">
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <label htmlFor={`${ids}-amount`} className="text-sm font-semibold">
              {copy.amount}
            </label>
            <Input
              id={`${ids}-amount`}
              inputMode="decimal"
              autoComplete="off"
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
              {...invalid('amount')}
              aria-describedby={problem === 'amount' ? errorId('amount') : `${ids}-amount-hint`}
            />
            <p id={`${ids}-amount-hint`} className="text-sm text-ink/70">
              {copy.amountHint}
            </p>
            {error('amount', copy.needAmount)}
          </div>
          <div className="flex w-28 flex-col gap-1">
            <label htmlFor={`${ids}-currency`} className="text-sm font-semibold">
              {copy.currency}
            </label>
            <Input
              id={`${ids}-currency`}
              value={shownCurrency}
              maxLength={3}
              autoComplete="off"
              onChange={(event) => setCurrency(event.target.value.toUpperCase())}
            />
          </div>
        </div>
      )}
      {kind === 'lost' && (
        <>
          <div className="flex flex-col gap-1">
            <label htmlFor={`${ids}-reason`} className="text-sm font-semibold">
              {copy.lostReason}
            </label>
            <select
              id={`${ids}-reason`}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              className={fieldClassName}
              {...invalid('reason')}
            >
              <option value="">{copy.chooseReason}</option>
              {(settings.data?.lostReasons ?? []).map((choice) => (
                <option key={choice} value={choice}>
                  {choice}
                </option>
              ))}
            </select>
            {error('reason', copy.needReason)}
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={`${ids}-note`} className="text-sm font-semibold">
              {copy.note}
            </label>
            <Textarea
              id={`${ids}-note`}
              value={note}
              maxLength={LOST_NOTE_MAX_LENGTH}
              onChange={(event) => setNote(event.target.value)}
              className="min-h-16"
            />
          </div>
        </>
      )}
      <div>
        <Button type="submit" aria-disabled={enter.isPending} className="min-h-11">
          {enter.isPending ? copy.saving : copy.save}
        </Button>
      </div>
      {saved && <Notice tone="success">{saved}</Notice>}
      {enter.isError && <Notice tone="error">{copy.failed}</Notice>}
    </form>
  )
}
