import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { toast } from 'sonner'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ADS_CONSENT_FIELD, ADS_CONSENT_META, adsConsentCopy } from '../../../../common/ads-consent.ts'
import { applicationForm } from '../../../../common/application-form.ts'
import { submittedColumns } from '../../../../common/contact-submission.ts'
import { validAnswers } from '../../../../common/testing/valid-answers.ts'
import { site } from '../../../content/site.ts'
import { ApplicationDialog } from './application-dialog.tsx'

const valid: Record<string, string> = validAnswers()
const COPY = adsConsentCopy(['meta', 'google', 'tiktok'])
let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true })
  fetchMock = vi.fn<typeof fetch>(async () => new Response(null, { status: 201 }))
  vi.stubGlobal('fetch', fetchMock)
  vi.spyOn(window, 'open').mockReturnValue(null)
})
afterEach(() => {
  cleanup()
  toast.dismiss()
  document.head.querySelector(`meta[name="${ADS_CONSENT_META}"]`)?.remove()
  sessionStorage.clear()
  localStorage.clear()
  vi.useRealTimers()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

/** The page as its server serves it when it asks consent for these platforms. */
function servedAsking(platforms: string) {
  const meta = document.createElement('meta')
  meta.name = ADS_CONSENT_META
  meta.content = platforms
  document.head.append(meta)
}

/** Opens the application and answers every question but the last, which it leaves typed and unsent. */
async function reachLastStep() {
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
  render(<ApplicationDialog />)
  await user.click(screen.getByRole('button', { name: site.countdown.applyLabel }))
  const dialog = screen.getByRole('dialog', { name: site.application.title })
  for (const [index, step] of applicationForm.entries()) {
    await user.type(within(dialog).getByRole('textbox', { name: step.label }), valid[step.key] ?? '')
    if (index < applicationForm.length - 1) await user.keyboard('{Enter}')
  }
  return { user, dialog }
}

const sent = () => {
  const [url, init] = fetchMock.mock.calls[0] ?? []
  const columns = new URL(String(url), 'http://page.example').searchParams.get('columns')
  return { columns, row: (JSON.parse(String(init?.body)) as Record<string, unknown>[])[0] }
}
const pageColumns = submittedColumns()
  .map((column) => `"${column}"`)
  .join(',')

describe("the ad platforms' consent on the application's last step", () => {
  it('is not there when the page names no platform, and the insert is as it was', async () => {
    const { user, dialog } = await reachLastStep()
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: site.application.submit }))
    expect(sent().columns).toBe(pageColumns)
    expect(sent().row).not.toHaveProperty(ADS_CONSENT_FIELD)
  })

  it('is an unticked checkbox named by its words and described by what is shared with whom', async () => {
    servedAsking('meta google tiktok')
    const { dialog } = await reachLastStep()
    const box = within(dialog).getByRole('checkbox', { name: COPY.label })
    expect(box).not.toBeChecked()
    expect(box).toHaveAccessibleDescription(COPY.details)
    expect(COPY.label).toContain('Meta, Google and TikTok')
  })

  it('shows only on the last step', async () => {
    servedAsking('meta')
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    render(<ApplicationDialog />)
    await user.click(screen.getByRole('button', { name: site.countdown.applyLabel }))
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument()
  })

  it('sends ads_consent: true, and names it in columns, only when ticked', async () => {
    servedAsking('google')
    const { user, dialog } = await reachLastStep()
    await user.click(within(dialog).getByRole('checkbox', { name: adsConsentCopy(['google']).label }))
    await user.click(within(dialog).getByRole('button', { name: site.application.submit }))
    expect(sent().row).toMatchObject({ [ADS_CONSENT_FIELD]: true })
    expect(sent().columns).toBe(`${pageColumns},"${ADS_CONSENT_FIELD}"`)
  })

  it('sends nothing of it when left unticked', async () => {
    servedAsking('meta tiktok')
    const { user, dialog } = await reachLastStep()
    expect(within(dialog).getByRole('checkbox')).not.toBeChecked()
    await user.keyboard('{Enter}')
    expect(sent().row).not.toHaveProperty(ADS_CONSENT_FIELD)
    expect(sent().columns).toBe(pageColumns)
  })
})
