import { act, cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { toast } from 'sonner'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { applicationForm } from '../../../../common/application-form.ts'
import { HONEYPOT_FIELD } from '../../../../common/contact-submission.ts'
import { validAnswers } from '../../../../common/testing/valid-answers.ts'
import { savedAnswers } from '../../../content/saved-answers.ts'
import { site } from '../../../content/site.ts'
import { sendEventsTo, type FunnelEvent } from '../../../features-shared/track.ts'
import { DRAFT_KEY } from '../draft/draft-store.ts'
import { ApplicationDialog } from './application-dialog.tsx'

const answers: Record<string, string> = validAnswers()
const [first, second] = applicationForm
const field = (label: string) => screen.getByRole('textbox', { name: label })
let events: FunnelEvent[]

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true })
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async () => new Response(null, { status: 201 })),
  )
  vi.spyOn(window, 'open').mockReturnValue(null)
  events = []
  sendEventsTo((event) => events.push(event))
})

afterEach(() => {
  toast.dismiss()
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

/** Renders the page's application, as after a load or a reload, and opens it. */
async function openApplication() {
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
  render(<ApplicationDialog />)
  await user.click(screen.getByRole('button', { name: site.countdown.applyLabel }))
  return { user, dialog: screen.getByRole('dialog', { name: site.application.title }) }
}

async function answer(user: ReturnType<typeof userEvent.setup>, label: string, value: string) {
  await user.type(field(label), value)
  await user.keyboard('{Enter}')
}

const stored = () => window.localStorage.getItem(DRAFT_KEY)

it('says the answers are saved on this device, and finds them in place after a reload, on the same question', async () => {
  const opened = await openApplication()
  expect(within(opened.dialog).getByText(savedAnswers.notice)).toBeVisible()
  await answer(opened.user, first!.label, answers[first!.key]!)
  await opened.user.type(field(second!.label), 'Ada')
  cleanup()

  await openApplication()
  expect(field(second!.label)).toHaveValue('Ada')
  expect(field(second!.label)).toHaveFocus()
  await userEvent.click(screen.getByRole('button', { name: site.application.back }))
  expect(field(first!.label)).toHaveValue(answers[first!.key])
})

it('never puts the honeypot on the device', async () => {
  const { user, dialog } = await openApplication()
  const honeypot = dialog.querySelector<HTMLInputElement>(`input[name="${HONEYPOT_FIELD}"]`)
  await user.type(honeypot!, 'https://spam.example')
  await user.type(field(first!.label), 'someone')
  expect(stored()).toContain('someone')
  expect(stored()).not.toContain('spam.example')
})

it('Start over clears the answers, here and on the device, and goes back to the first question', async () => {
  const { user, dialog } = await openApplication()
  await answer(user, first!.label, answers[first!.key]!)
  await answer(user, second!.label, answers[second!.key]!)
  await user.click(within(dialog).getByRole('button', { name: savedAnswers.startOver }))
  expect(field(first!.label)).toHaveValue('')
  expect(field(first!.label)).toHaveFocus()
  expect(within(dialog).getByText('Question 1 of 8')).toBeInTheDocument()
  expect(stored()).toBeNull()
})

it('clears the device once the application is in, and counts each step on the way', async () => {
  const { user } = await openApplication()
  for (const step of applicationForm) await answer(user, step.label, answers[step.key]!)
  await screen.findByText(site.toasts.submitted.title)
  expect(stored()).toBeNull()
  const steps = applicationForm.flatMap((_, index) => [
    { type: 'step_viewed', step: index + 1 },
    { type: 'step_completed', step: index + 1 },
  ])
  expect(events).toEqual([{ type: 'apply_clicked' }, ...steps, { type: 'submit_succeeded' }])
})

it('sends the kept submission id after a reload during a slow submit, and takes the 409 as in', async () => {
  const fetchMock = vi.mocked(fetch)
  fetchMock.mockImplementation(() => new Promise<Response>(() => undefined))
  const opened = await openApplication()
  for (const step of applicationForm) await answer(opened.user, step.label, answers[step.key]!)
  const idSent = (call: number) =>
    (JSON.parse(String(fetchMock.mock.calls[call]?.[1]?.body)) as { submission_id: string }[])[0]?.submission_id
  expect(idSent(0)).toMatch(/^[0-9a-f-]{36}$/)
  cleanup()

  fetchMock.mockImplementation(async () => Response.json({ code: '23505' }, { status: 409 }))
  const reopened = await openApplication()
  const last = applicationForm.at(-1)!
  expect(field(last.label)).toHaveValue(answers[last.key])
  await reopened.user.click(screen.getByRole('button', { name: site.application.submit }))
  await screen.findByText(site.toasts.submitted.title)
  expect(idSent(1)).toBe(idSent(0))
  expect(stored()).toBeNull()
})

it('takes the answers another tab typed, and lets that tab clear them', async () => {
  const { dialog } = await openApplication()
  const otherTab = {
    v: 1,
    savedAt: Date.now(),
    step: 0,
    submissionId: null,
    answers: { [first!.key]: 'typed-elsewhere' },
  }
  act(() => {
    window.localStorage.setItem(DRAFT_KEY, JSON.stringify(otherTab))
    window.dispatchEvent(new StorageEvent('storage', { key: DRAFT_KEY }))
  })
  expect(field(first!.label)).toHaveValue('typed-elsewhere')
  act(() => {
    window.localStorage.removeItem(DRAFT_KEY)
    window.dispatchEvent(new StorageEvent('storage', { key: DRAFT_KEY }))
  })
  expect(field(first!.label)).toHaveValue('')
  expect(within(dialog).getByText('Question 1 of 8')).toBeInTheDocument()
})
