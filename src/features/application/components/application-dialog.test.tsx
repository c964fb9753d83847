import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { toast } from 'sonner'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { applicationForm, type FormDefinition, type FormField } from '../../../../common/application-form.ts'
import { submittedColumns } from '../../../../common/contact-submission.ts'
import { validAnswers } from '../../../../common/testing/valid-answers.ts'
import { publicConfig } from '../../../config/public-config.ts'
import { site } from '../../../content/site.ts'
import { submissionTiming } from '../../../content/submission-timing.ts'
import { UUID_V4 } from '../../../testing/uuid-v4.ts'
import { ApplicationDialog } from './application-dialog.tsx'

const question = (index: number): FormField => {
  const found = applicationForm.at(index)
  if (!found) throw new Error(`There is no question ${index}`)
  return found
}
const QUESTIONS: number = applicationForm.length
const first = question(0)
const last = question(-1)
const counter = (step: number, steps = QUESTIONS) => `Question ${step} of ${steps}`

const valid: Record<string, string> = validAnswers()
// Typed with spaces around the first answer: the wizard sends it trimmed.
const answers: Record<string, string> = { ...valid, [first.key]: `  ${valid[first.key]} ` }
// jsdom's page is a direct visit to /: that is where the application says it came from.
const DIRECT_TOUCH = { landing_path: '/', captured_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) }
const DIRECT_VISIT = { first_touch: DIRECT_TOUCH, last_touch: DIRECT_TOUCH }

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true })
  fetchMock = vi.fn<typeof fetch>(async () => new Response(null, { status: 201 }))
  vi.stubGlobal('fetch', fetchMock)
})

afterEach(() => {
  // sonner keeps its toasts in module state, and a new Toaster shows the ones still open.
  toast.dismiss()
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

async function openApplication(form?: FormDefinition) {
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
  render(<ApplicationDialog form={form} />)
  await user.click(screen.getByRole('button', { name: site.countdown.applyLabel }))
  return { user, dialog: screen.getByRole('dialog', { name: site.application.title }) }
}

type User = ReturnType<typeof userEvent.setup>

/** The row each request carried, in the order they were sent. */
const sentRows = () =>
  fetchMock.mock.calls.map(([, init]) => (JSON.parse(String(init?.body)) as Record<string, string>[])[0])

/** Every retry wait (1 + 2 + 4 s): the time from the first attempt to the last. */
const RETRY_WAITS_MS = submissionTiming.retryDelaysMs.reduce((sum, delay) => sum + delay, 0)
const advanceClock = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms))
const field = (label: string) => screen.getByRole('textbox', { name: label })

async function answerAll(user: User, upTo = QUESTIONS, form: FormDefinition = applicationForm, typed = answers) {
  for (const step of form.slice(0, upTo)) {
    await user.type(field(step.label), typed[step.key] ?? '')
    await user.keyboard('{Enter}')
  }
}

/** Opens the application, answers everything and submits with no network: every attempt fails. */
async function applyWhileOffline() {
  fetchMock.mockImplementation(() => Promise.reject(new TypeError('Failed to fetch')))
  vi.spyOn(console, 'error').mockImplementation(() => {})
  vi.spyOn(window, 'open').mockReturnValue(null)
  const opened = await openApplication()
  await answerAll(opened.user)
  await advanceClock(RETRY_WAITS_MS)
  expect(await screen.findByText('Submission Failed')).toBeInTheDocument()
  return opened
}

describe('ApplicationDialog', () => {
  it('shows at most three toasts at once, the newest first', async () => {
    render(<ApplicationDialog />)
    act(() => {
      for (const title of ['first', 'second', 'third', 'fourth']) toast(title)
    })
    await screen.findByText('fourth')
    const shown = [...document.querySelectorAll('[data-sonner-toast][data-visible="true"]')]
    expect(shown.map((element) => element.textContent)).toEqual(['fourth', 'third', 'second'])
  })

  it('shows its toasts bottom-right', async () => {
    const { user, dialog } = await openApplication()
    await user.click(within(dialog).getByRole('button', { name: 'Next' }))
    await screen.findByText('Field Required')
    const toaster = document.querySelector('[data-sonner-toaster]')
    expect(toaster).toHaveAttribute('data-y-position', 'bottom')
    expect(toaster).toHaveAttribute('data-x-position', 'right')
  })

  it('opens on the first of eight questions, saying how many there are', async () => {
    const { dialog } = await openApplication()
    expect(dialog).toHaveAccessibleDescription('Eight short questions, one at a time. It takes about two minutes.')
    expect(within(dialog).getByText('Question 1 of 8')).toBeInTheDocument()
    const progress = within(dialog).getByRole('progressbar')
    expect(progress).toHaveAttribute('aria-valuenow', '1')
    expect(progress).toHaveAttribute('aria-valuemax', '8')
    expect(progress.firstElementChild).toHaveStyle({ width: '12.5%' })
    expect(within(dialog).getByRole('button', { name: 'Back' })).toBeDisabled()
    const input = field(first.label)
    expect(input).toHaveFocus()
    expect(input).toBeRequired()
    expect(input).toHaveAttribute('placeholder', first.placeholder)
    expect(input).toHaveAttribute('maxlength', String(first.maxLength))
    expect(dialog.querySelector(`label[for="${input.id}"]`)?.textContent).toMatch(/\*$/)
  })

  it.each([
    ['Next with nothing typed', '', 'click'],
    ['Enter on spaces only', '   ', 'enter'],
  ])('refuses a blank answer: %s', async (_case, typed, how) => {
    const { user, dialog } = await openApplication()
    if (typed) await user.type(field(first.label), typed)
    if (how === 'click') await user.click(within(dialog).getByRole('button', { name: 'Next' }))
    else await user.keyboard('{Enter}')

    expect(await screen.findByText('Field Required')).toBeInTheDocument()
    expect(screen.getByText('Please fill in this field before continuing.')).toBeInTheDocument()
    expect(within(dialog).getByText(counter(1))).toBeInTheDocument()
    expect(field(first.label)).toHaveAttribute('aria-invalid', 'true')
  })

  it.each([
    'samrivera.gmail.com',
    'sam@gmail',
    '"victim@bank.test" <attacker@evil.test>',
    'a@example.com, b@example.com',
  ])(
    'refuses %s on the email question, saying why under the field, and moves on once it is an address',
    async (typed) => {
      const emailStep = applicationForm.findIndex((step) => step.kind === 'email')
      const email = question(emailStep)
      const { user, dialog } = await openApplication()
      await answerAll(user, emailStep)
      const input = field(email.label)
      expect(input).toHaveAttribute('type', 'email')
      await user.type(input, typed)
      await user.keyboard('{Enter}')

      const message = within(dialog).getByRole('alert')
      expect(message).toHaveTextContent('Please enter a valid email address, like name@example.com.')
      expect(input).toHaveAccessibleDescription(expect.stringContaining('Please enter a valid email address'))
      expect(input).toHaveAttribute('aria-invalid', 'true')
      expect(within(dialog).getByText(counter(emailStep + 1))).toBeInTheDocument()
      // The message says what is wrong; the blank-field toast would not.
      expect(screen.queryByText('Field Required')).not.toBeInTheDocument()

      await user.clear(input)
      expect(message).toBeEmptyDOMElement()
      await user.type(input, ' sam.rivera@gmail.com ')
      await user.keyboard('{Enter}')
      expect(within(dialog).getByText(counter(emailStep + 2))).toBeInTheDocument()
    },
  )

  it('walks the questions in order with the right inputs and keeps answers going back', async () => {
    const { user, dialog } = await openApplication()
    await answerAll(user, QUESTIONS - 1)
    expect(within(dialog).getByText(counter(QUESTIONS))).toBeInTheDocument()
    expect(within(dialog).getByRole('progressbar')).toHaveAttribute('aria-valuenow', String(QUESTIONS))
    expect(within(dialog).getByRole('button', { name: 'Submit Application' })).toBeEnabled()
    expect(field(last.label).tagName).toBe(last.kind === 'long-text' ? 'TEXTAREA' : 'INPUT')

    for (const step of [...applicationForm].reverse().slice(1)) {
      await user.click(within(dialog).getByRole('button', { name: 'Back' }))
      const input = field(step.label)
      expect(input).toHaveValue(answers[step.key])
      expect(input).toHaveAttribute('placeholder', step.placeholder)
      if (step.kind === 'long-text') expect(input.tagName).toBe('TEXTAREA')
      else expect(input).toHaveAttribute('type', step.kind)
    }
    expect(within(dialog).getByText(counter(1))).toBeInTheDocument()
  })

  it('inserts a new line on Shift+Enter in the long answer instead of submitting', async () => {
    const long = applicationForm.findIndex((step) => step.kind === 'long-text')
    const { user } = await openApplication()
    await answerAll(user, long)
    await user.type(field(question(long).label), 'one{Shift>}{Enter}{/Shift}two')
    expect(field(question(long).label)).toHaveValue('one\ntwo')
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
    const columns = submittedColumns()
      .map((column) => `"${column}"`)
      .join(',')
    expect(String(url)).toBe(`/rest/v1/contact_submissions?${new URLSearchParams({ columns })}`)
    expect(init?.method).toBe('POST')
    expect(init?.headers).toMatchObject({ 'Content-Type': 'application/json', apikey: expect.any(String) })
    expect(sentRows()).toEqual([
      { ...valid, submission_id: expect.stringMatching(UUID_V4), _gotcha: '', attribution: DIRECT_VISIT },
    ])

    await act(async () => finish(new Response(null, { status: 201 })))
    expect(openSpy).not.toHaveBeenCalled()
    expect(await screen.findByText('Application Submitted!')).toBeInTheDocument()
    expect(screen.getByText('Redirecting you to book a call with us...')).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    const link = screen.getByRole('link', { name: site.booking.linkLabel })
    const booking = new URL(link.getAttribute('href') ?? '')
    expect(`${booking.origin}${booking.pathname}`).toBe(publicConfig.bookingUrl)
    expect(booking.searchParams.get('email')).toBe(valid.email)

    act(() => vi.advanceTimersByTime(2000))
    expect(openSpy).toHaveBeenCalledWith(booking.href, '_blank')
  })

  it('after a reload in the same tab, shows the same booking link where Apply Now was, and opens no tab', async () => {
    const openSpy = vi.spyOn(window, 'open').mockReturnValue(null)
    const { user } = await openApplication()
    await answerAll(user)
    const href = (await screen.findByRole('link', { name: site.booking.linkLabel })).getAttribute('href')
    act(() => vi.advanceTimersByTime(2000))
    openSpy.mockClear()

    cleanup()
    render(<ApplicationDialog />)
    const link = screen.getByRole('link', { name: site.booking.linkLabel })
    expect(link).toHaveAttribute('href', href)
    expect(screen.getByText(site.booking.confirmation)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: site.countdown.applyLabel })).not.toBeInTheDocument()
    // Not a fresh success: the page does not jump to it, nor open the booking page again.
    expect(link).not.toHaveFocus()
    act(() => vi.advanceTimersByTime(5000))
    expect(openSpy).not.toHaveBeenCalled()
    expect(fetchMock).toHaveBeenCalledTimes(1)
  })

  it.each([
    [
      'an error answer',
      1,
      0,
      () => Response.json({ code: 'PGRST204', message: 'x', details: null, hint: null }, { status: 400 }),
    ],
    ['no answer, three retries long', 4, RETRY_WAITS_MS, () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('keeps the dialog and every answer after %s', async (_case, attempts, waitMs, reply) => {
    fetchMock.mockImplementation(async () => reply())
    const errorSpy = vi.spyOn(console, 'error').mockImplementation(() => {})
    const { user, dialog } = await openApplication()
    await answerAll(user)
    await advanceClock(waitMs)

    expect(await screen.findByText('Submission Failed')).toBeInTheDocument()
    expect(screen.getByText('There was an error submitting your application. Please try again.')).toBeInTheDocument()
    expect(fetchMock).toHaveBeenCalledTimes(attempts)
    expect(errorSpy).toHaveBeenCalledOnce()
    expect(within(dialog).getByRole('button', { name: 'Submit Application' })).toBeEnabled()
    expect(field(last.label)).toHaveValue(answers[last.key])
    await user.click(within(dialog).getByRole('button', { name: 'Back' }))
    expect(field(question(-2).label)).toHaveValue(answers[question(-2).key])
  })

  it('keeps answers when closed and reopened, and gives focus back to Apply Now', async () => {
    const { user } = await openApplication()
    await answerAll(user, 2)
    await user.keyboard('{Escape}')
    const apply = screen.getByRole('button', { name: site.countdown.applyLabel })
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(apply).toHaveFocus()

    await user.click(apply)
    expect(screen.getByText(counter(3))).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Back' }))
    expect(field(question(1).label)).toHaveValue(answers[question(1).key])
  })

  it('keeps Submitting... through a lost request and succeeds on the retry', async () => {
    fetchMock.mockImplementationOnce(() => Promise.reject(new TypeError('Failed to fetch')))
    vi.spyOn(window, 'open').mockReturnValue(null)
    const { user, dialog } = await openApplication()
    await answerAll(user)

    await advanceClock(500)
    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect(within(dialog).getByRole('button', { name: 'Submitting...' })).toBeDisabled()
    expect(screen.queryByText('Submission Failed')).not.toBeInTheDocument()

    await advanceClock(500)
    expect(await screen.findByText('Application Submitted!')).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(fetchMock).toHaveBeenCalledTimes(2)
    const [first, second] = sentRows()
    expect(second?.submission_id).toBe(first?.submission_id)
  })

  it('shows Field Required again when asked while the last one is leaving, and never two at once', async () => {
    const { user, dialog } = await openApplication()
    const next = within(dialog).getByRole('button', { name: 'Next' })
    await user.click(next)
    const first = (await screen.findByText('Field Required')).closest('li')
    // The visitor closes the toast and tries again before it has finished leaving.
    await user.click(within(first!).getByRole('button', { name: 'Close toast' }))
    await user.click(next)
    await advanceClock(1000)
    expect(screen.getAllByText('Field Required')).toHaveLength(1)
    expect(screen.getByText('Please fill in this field before continuing.')).toBeVisible()
  })

  it('resends a failed application under the same submission id; after success offers the booking, not Apply Now; a new visit starts a new one', async () => {
    const { user, dialog } = await applyWhileOffline()

    // The answer to one of those attempts may have been lost after the row was stored.
    fetchMock.mockImplementation(async () =>
      Response.json({ code: '23505', message: 'duplicate key', details: null, hint: null }, { status: 409 }),
    )
    await user.click(within(dialog).getByRole('button', { name: 'Submit Application' }))
    expect(await screen.findByText('Application Submitted!')).toBeInTheDocument()
    const firstApplication = sentRows()
    expect(firstApplication).toHaveLength(5)
    expect(new Set(firstApplication.map((row) => row?.submission_id)).size).toBe(1)
    expect(firstApplication[0]?.submission_id).toMatch(UUID_V4)

    // Booking is the one thing offered now, and has the focus the closed dialog gave back.
    expect(screen.queryByRole('button', { name: site.countdown.applyLabel })).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: site.booking.linkLabel })).toHaveFocus()

    // A new visit: another tab, which does not share this one's session.
    cleanup()
    sessionStorage.clear()
    render(<ApplicationDialog />)
    fetchMock.mockImplementation(async () => new Response(null, { status: 201 }))
    await user.click(screen.getByRole('button', { name: site.countdown.applyLabel }))
    await answerAll(user)
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(fetchMock).toHaveBeenCalledTimes(6)
    const next = sentRows().at(-1)
    expect(next?.submission_id).toMatch(UUID_V4)
    expect(next?.submission_id).not.toBe(firstApplication[0]?.submission_id)
  })

  it('sends an edited application after a failure under a new submission id, so the edit is not taken for a repeat', async () => {
    const { user, dialog } = await applyWhileOffline()
    const failedId = sentRows().at(-1)?.submission_id

    fetchMock.mockImplementation(async () => new Response(null, { status: 201 }))
    await user.type(field(last.label), ' and hiring')
    await user.click(within(dialog).getByRole('button', { name: 'Submit Application' }))
    expect(await screen.findByText('Application Submitted!')).toBeInTheDocument()
    const edited = sentRows().at(-1)
    expect(edited?.[last.key]).toBe(`${answers[last.key]} and hiring`)
    expect(edited?.submission_id).toMatch(UUID_V4)
    expect(edited?.submission_id).not.toBe(failedId)
  })
})

describe('the booking page, prefilled', () => {
  /** Applies with every answer, waits for the booking tab, and gives the link's URL and the tab's. */
  async function applyAndBook(props: Parameters<typeof ApplicationDialog>[0] = {}) {
    const openSpy = vi.spyOn(window, 'open').mockReturnValue(null)
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    render(<ApplicationDialog {...props} />)
    await user.click(screen.getByRole('button', { name: site.countdown.applyLabel }))
    await answerAll(user)
    const link = await screen.findByRole('link', { name: site.booking.linkLabel })
    act(() => vi.advanceTimersByTime(site.booking.redirectDelayMs))
    expect(openSpy).toHaveBeenCalledOnce()
    const href = link.getAttribute('href') ?? ''
    expect(openSpy).toHaveBeenCalledWith(href, '_blank')
    return { booking: new URL(href), applicationId: sentRows()[0]?.submission_id }
  }

  it("carries Calendly's name, email, last-touch utm_*, application id and a1… answers, on the build's Calendly URL", async () => {
    const lastTouch = { utm_source: 'ig', utm_medium: 'paid', utm_campaign: 'launch & more', utm_content: 'reel-3' }
    const { booking, applicationId } = await applyAndBook({ readLastTouch: () => lastTouch })
    expect(applicationId).toMatch(UUID_V4)
    expect(`${booking.origin}${booking.pathname}`).toBe(publicConfig.bookingUrl)
    expect(Object.fromEntries(booking.searchParams)).toEqual({
      name: valid.name,
      email: valid.email,
      ...lastTouch,
      salesforce_uuid: applicationId,
      a1: valid.instagram,
      a2: valid.phone,
      a3: valid.business,
      a4: valid.budget,
      a5: valid.revenue,
      a6: valid.challenges,
    })
    expect(booking.search).toContain('utm_campaign=launch+%26+more')
  })

  it("carries Cal.com's name, email, last-touch utm_*, notes and metadata[application_id], keeping the URL's own parameters", async () => {
    const { booking, applicationId } = await applyAndBook({
      booking: { url: 'https://cal.com/brandscale/30min?layout=month_view' },
      readLastTouch: () => ({ utm_source: 'ig', utm_campaign: 'launch' }),
    })
    expect(booking.origin + booking.pathname).toBe('https://cal.com/brandscale/30min')
    expect([...booking.searchParams.keys()]).toEqual([
      'layout',
      'name',
      'email',
      'utm_source',
      'utm_campaign',
      'notes',
      'metadata[application_id]',
    ])
    expect(booking.searchParams.get('utm_campaign')).toBe('launch')
    expect(booking.searchParams.get('layout')).toBe('month_view')
    expect(booking.searchParams.get('name')).toBe(valid.name)
    expect(booking.searchParams.get('email')).toBe(valid.email)
    expect(booking.searchParams.get('metadata[application_id]')).toBe(applicationId)
    expect(booking.searchParams.get('notes')).toContain(`Biggest challenges: ${valid.challenges}`)
  })

  it('prefills a self-hosted Cal.com when the provider is set, and leaves any other booking page as it is', async () => {
    const selfHosted = await applyAndBook({ booking: { url: 'https://meet.agency.example/30min', provider: 'calcom' } })
    expect(selfHosted.booking.searchParams.get('metadata[application_id]')).toBe(selfHosted.applicationId)
    // Another tab: this one would offer the booking it has.
    cleanup()
    sessionStorage.clear()
    vi.restoreAllMocks()
    const other = await applyAndBook({ booking: { url: 'https://meet.agency.example/30min?x=1' } })
    expect(other.booking.href).toBe('https://meet.agency.example/30min?x=1')
  })
})

describe('the honeypot field', () => {
  const honeypot = () => screen.getByRole('textbox', { name: site.application.honeypotLabel, hidden: true })

  it('is in the form but not in the accessibility tree', async () => {
    const { dialog } = await openApplication()
    expect(within(dialog).queryByRole('textbox', { name: site.application.honeypotLabel })).not.toBeInTheDocument()
    const input = honeypot()
    expect(dialog).toContainElement(input)
    expect(input.closest('[aria-hidden="true"]')).not.toBeNull()
  })

  it('gives autofill and password managers nothing to fill it by', async () => {
    await openApplication()
    const input = honeypot() as HTMLInputElement
    expect(input).toHaveAttribute('name', '_gotcha')
    expect(input).toHaveAttribute('autocomplete', 'off')
    for (const optOut of ['data-1p-ignore', 'data-lpignore', 'data-bwignore', 'data-form-type']) {
      expect(input).toHaveAttribute(optOut)
    }
    // Words autofill heuristics match on, in the name, id, label or placeholder.
    const described = [
      input.id,
      input.getAttribute('name'),
      input.getAttribute('placeholder'),
      input.labels?.[0]?.textContent,
    ]
      .join(' ')
      .toLowerCase()
    expect(described).not.toMatch(/web|url|site|home ?page|link|mail|name|phone|tel|address|company|organi[sz]ation/)
  })

  it('is never reached with Tab or Shift+Tab', async () => {
    const { user, dialog } = await openApplication()
    expect(honeypot()).toHaveAttribute('tabindex', '-1')
    const reached = new Set<Element | null>()
    for (let press = 0; press < 12; press += 1) {
      await user.tab()
      reached.add(document.activeElement)
    }
    for (let press = 0; press < 12; press += 1) {
      await user.tab({ shift: true })
      reached.add(document.activeElement)
    }
    expect(reached).not.toContain(honeypot())
    expect(reached).toContain(field(first.label))
    expect(reached).toContain(within(dialog).getByRole('button', { name: 'Next' }))
  })

  it('sends whatever a bot put in it, even without an input event', async () => {
    const { user } = await openApplication()
    const input = honeypot() as HTMLInputElement
    input.value = 'https://spam.example'
    await answerAll(user)
    expect(sentRows()[0]?._gotcha).toBe('https://spam.example')
  })
})

describe('a form with a ninth question', () => {
  const ninth: FormField = {
    key: 'referral',
    label: 'How did you hear of us?',
    placeholder: 'A friend, an ad, a post',
    kind: 'text',
    maxLength: 300,
  }
  const nine: FormDefinition = [...applicationForm, ninth]

  it('counts nine in the intro and the counter, asks it last and sends its answer', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null)
    const typed: Record<string, string> = validAnswers({}, { form: nine })
    const { user, dialog } = await openApplication(nine)
    expect(dialog).toHaveAccessibleDescription('Nine short questions, one at a time. It takes about two minutes.')
    expect(within(dialog).getByText(counter(1, 9))).toBeInTheDocument()
    expect(within(dialog).getByRole('progressbar')).toHaveAttribute('aria-valuemax', '9')

    await answerAll(user, QUESTIONS, nine, typed)
    expect(within(dialog).getByText(counter(9, 9))).toBeInTheDocument()
    expect(field(ninth.label)).toHaveAttribute('maxlength', '300')
    await user.type(field(ninth.label), typed.referral ?? '')
    await user.click(within(dialog).getByRole('button', { name: 'Submit Application' }))

    await waitFor(() => expect(fetchMock).toHaveBeenCalledOnce())
    const [url] = fetchMock.mock.calls[0] ?? []
    const columns = [...submittedColumns(nine)].map((column) => `"${column}"`).join(',')
    expect(String(url)).toBe(`/rest/v1/contact_submissions?${new URLSearchParams({ columns })}`)
    expect(sentRows()).toEqual([
      { ...typed, submission_id: expect.stringMatching(UUID_V4), _gotcha: '', attribution: DIRECT_VISIT },
    ])
  })
})
