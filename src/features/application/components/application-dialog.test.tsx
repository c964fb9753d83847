import { act, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Toaster } from 'sonner'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { applicationSteps } from '../../../content/application-steps.ts'
import { site } from '../../../content/site.ts'
import { ApplicationDialog } from './application-dialog.tsx'

const answers = {
  instagram: '  @jane.doe ',
  name: 'Jane Doe',
  email: 'jane@example.com',
  phone: '+44 20 7946 0958',
  business: 'Coaching',
  budget: '$2,000',
  revenue: '$20k revenue, $8k profit',
  challenges: 'Reach beyond my current followers',
}

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true })
  fetchMock = vi.fn<typeof fetch>(async () => new Response(null, { status: 201 }))
  vi.stubGlobal('fetch', fetchMock)
})

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

async function openApplication() {
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
  render(
    <>
      <ApplicationDialog />
      <Toaster />
    </>,
  )
  await user.click(screen.getByRole('button', { name: site.countdown.applyLabel }))
  return { user, dialog: screen.getByRole('dialog', { name: site.application.title }) }
}

type User = ReturnType<typeof userEvent.setup>
const field = (label: string) => screen.getByRole('textbox', { name: label })

async function answerAll(user: User, upTo = applicationSteps.length) {
  for (const step of applicationSteps.slice(0, upTo)) {
    await user.type(field(step.label), answers[step.field])
    await user.keyboard('{Enter}')
  }
}

describe('ApplicationDialog', () => {
  it('opens on the first of eight questions', async () => {
    const { dialog } = await openApplication()
    expect(within(dialog).getByText('Question 1 of 8')).toBeInTheDocument()
    const progress = within(dialog).getByRole('progressbar')
    expect(progress).toHaveAttribute('aria-valuenow', '1')
    expect(progress).toHaveAttribute('aria-valuemax', '8')
    expect(progress.firstElementChild).toHaveStyle({ width: '12.5%' })
    expect(within(dialog).getByRole('button', { name: 'Back' })).toBeDisabled()
    const instagram = field('Instagram username')
    expect(instagram).toHaveFocus()
    expect(instagram).toBeRequired()
    expect(instagram).toHaveAttribute('placeholder', 'Please enter your instagram username')
    expect(dialog.querySelector(`label[for="${instagram.id}"]`)?.textContent).toMatch(/\*$/)
  })

  it.each([
    ['Next with nothing typed', '', 'click'],
    ['Enter on spaces only', '   ', 'enter'],
  ])('refuses a blank answer: %s', async (_case, typed, how) => {
    const { user, dialog } = await openApplication()
    if (typed) await user.type(field('Instagram username'), typed)
    if (how === 'click') await user.click(within(dialog).getByRole('button', { name: 'Next' }))
    else await user.keyboard('{Enter}')

    expect(await screen.findByText('Field Required')).toBeInTheDocument()
    expect(screen.getByText('Please fill in this field before continuing.')).toBeInTheDocument()
    expect(within(dialog).getByText('Question 1 of 8')).toBeInTheDocument()
    expect(field('Instagram username')).toHaveAttribute('aria-invalid', 'true')
  })

  it('walks the eight questions in order with the right inputs and keeps answers going back', async () => {
    const { user, dialog } = await openApplication()
    await answerAll(user, 7)
    expect(within(dialog).getByText('Question 8 of 8')).toBeInTheDocument()
    expect(within(dialog).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '8')
    expect(within(dialog).getByRole('button', { name: 'Submit Application' })).toBeEnabled()
    expect(field('Biggest challenges').tagName).toBe('TEXTAREA')

    for (const step of [...applicationSteps].reverse().slice(1)) {
      await user.click(within(dialog).getByRole('button', { name: 'Back' }))
      const input = field(step.label)
      expect(input).toHaveValue(answers[step.field])
      expect(input).toHaveAttribute('placeholder', step.placeholder)
      if (step.kind !== 'textarea') expect(input).toHaveAttribute('type', step.kind)
    }
    expect(within(dialog).getByText('Question 1 of 8')).toBeInTheDocument()
  })

  it('inserts a new line on Shift+Enter in the long answer instead of submitting', async () => {
    const { user } = await openApplication()
    await answerAll(user, 7)
    await user.type(field('Biggest challenges'), 'one{Shift>}{Enter}{/Shift}two')
    expect(field('Biggest challenges')).toHaveValue('one\ntwo')
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('sends the PostgREST insert, confirms, closes, and opens the booking tab 2 s later', async () => {
    let finish: (response: Response) => void = () => {}
    fetchMock.mockImplementation(() => new Promise((resolve) => (finish = resolve)))
    const openSpy = vi.spyOn(window, 'open').mockReturnValue({ opener: {} } as Window)
    const { user, dialog } = await openApplication()
    await answerAll(user)

    const sending = within(dialog).getByRole('button', { name: 'Submitting...' })
    expect(sending).toBeDisabled()
    const [url, init] = fetchMock.mock.calls[0] ?? []
    expect(String(url)).toBe(
      '/rest/v1/contact_submissions?columns=%22instagram%22%2C%22name%22%2C%22email%22%2C%22phone%22%2C%22business%22%2C%22budget%22%2C%22revenue%22%2C%22challenges%22',
    )
    expect(init?.method).toBe('POST')
    expect(init?.headers).toMatchObject({ 'Content-Type': 'application/json', apikey: expect.any(String) })
    expect(JSON.parse(String(init?.body))).toEqual([{ ...answers, instagram: '@jane.doe' }])

    await act(async () => finish(new Response(null, { status: 201 })))
    expect(openSpy).not.toHaveBeenCalled()
    expect(await screen.findByText('Application Submitted!')).toBeInTheDocument()
    expect(screen.getByText('Redirecting you to book a call with us...')).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: site.booking.linkLabel })).toHaveAttribute('href', site.bookingUrl)

    act(() => vi.advanceTimersByTime(2000))
    expect(openSpy).toHaveBeenCalledWith(site.bookingUrl, '_blank')
  })

  it.each([
    ['an error answer', () => Response.json({ code: 'PGRST204', message: 'x', details: null, hint: null }, { status: 400 })],
    ['no answer', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('keeps the dialog and every answer after %s', async (_case, reply) => {
    fetchMock.mockImplementation(async () => reply())
    const errorSpy = vi.spyOn(console, 'error').mockImplementation(() => {})
    const { user, dialog } = await openApplication()
    await answerAll(user)

    expect(await screen.findByText('Submission Failed')).toBeInTheDocument()
    expect(
      screen.getByText('There was an error submitting your application. Please try again.'),
    ).toBeInTheDocument()
    expect(errorSpy).toHaveBeenCalled()
    expect(within(dialog).getByRole('button', { name: 'Submit Application' })).toBeEnabled()
    expect(field('Biggest challenges')).toHaveValue(answers.challenges)
    await user.click(within(dialog).getByRole('button', { name: 'Back' }))
    expect(field('Monthly revenue and profit')).toHaveValue(answers.revenue)
  })

  it('keeps answers when closed and reopened, and gives focus back to Apply Now', async () => {
    const { user } = await openApplication()
    await answerAll(user, 2)
    await user.keyboard('{Escape}')
    const apply = screen.getByRole('button', { name: site.countdown.applyLabel })
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(apply).toHaveFocus()

    await user.click(apply)
    expect(screen.getByText('Question 3 of 8')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Back' }))
    expect(field('Full name')).toHaveValue(answers.name)
  })
})
