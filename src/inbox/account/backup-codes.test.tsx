import { cleanup, screen } from '@testing-library/react'
import type { AdminSession } from '../../../common/session-api.ts'
import { navigate } from '../router/use-location.ts'
import { renderInbox } from '../testing/render-inbox.tsx'
import { BackupCodes } from './backup-codes.tsx'

const SESSION: AdminSession = {
  email: 'owner@example.com',
  csrfToken: 'csrf-token-for-tests',
  totpEnabled: true,
  timeZone: 'UTC',
}
const CODES = ['abcde-fghjk', 'mnpqr-stuvw', 'xyz23-45678']

function renderCodes(onDone = vi.fn()) {
  const { user } = renderInbox(<BackupCodes codes={CODES} onDone={onDone} />, SESSION)
  return { user, onDone }
}

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('the backup codes, shown once', () => {
  it('copies them with the Clipboard API', async () => {
    const writeText = vi.fn(async () => undefined)
    const { user } = renderCodes()
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    await user.click(screen.getByRole('button', { name: 'Copy the codes' }))
    expect(writeText).toHaveBeenCalledWith(CODES.join('\n'))
    expect(await screen.findByText('Copied to the clipboard.')).toBeInTheDocument()
  })

  it('falls back to the copy command, and when that fails too offers the codes to copy by hand', async () => {
    const { user } = renderCodes()
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true })
    const execCommand = vi.fn(() => false)
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true })
    await user.click(screen.getByRole('button', { name: 'Copy the codes' }))
    expect(execCommand).toHaveBeenCalledWith('copy')
    expect(await screen.findByRole('status')).toHaveTextContent('The browser did not allow copying')
    expect(screen.getByRole('textbox', { name: 'The backup codes, as text' })).toHaveValue(CODES.join('\n'))

    execCommand.mockReturnValue(true)
    await user.click(screen.getByRole('button', { name: 'Copy the codes' }))
    expect(await screen.findByText('Copied to the clipboard.')).toBeInTheDocument()
  })

  it('downloads them as a text file naming the account', async () => {
    let saved: Blob | undefined
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved = blob as Blob
      return 'blob:codes'
    })
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined)
    const names: string[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download)
    })
    const { user } = renderCodes()
    await user.click(screen.getByRole('button', { name: 'Download as a text file' }))
    expect(names).toEqual([`backup-codes-${window.location.hostname}.txt`])
    // jsdom's Blob has no text(): read as a page without it would.
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader()
      reader.onload = () => resolve(String(reader.result))
      reader.readAsText(saved ?? new Blob())
    })
    expect(text).toContain(SESSION.email)
    for (const code of CODES) expect(text).toContain(code)
  })

  it('lets the user leave only once they say the codes are saved', async () => {
    const { user, onDone } = renderCodes()
    const leaving = new Event('beforeunload', { cancelable: true })
    window.dispatchEvent(leaving)
    expect(leaving.defaultPrevented).toBe(true)
    const done = screen.getByRole('button', { name: 'Done' })
    expect(done).toBeDisabled()
    await user.click(screen.getByRole('checkbox', { name: 'I have saved these codes somewhere safe' }))
    await user.click(done)
    expect(onDone).toHaveBeenCalledOnce()
  })

  it('asks before the inbox’s own links lead elsewhere, and stays when told to', async () => {
    window.history.replaceState(null, '', '/admin/account')
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false)
    const { user, onDone } = renderCodes()
    navigate('/admin/board')
    expect(confirm).toHaveBeenCalledWith(
      'Your backup codes are not saved yet and will not be shown again. Leave this page anyway?',
    )
    expect(window.location.pathname).toBe('/admin/account')
    // Another view of the same page (a filter, say) is not leaving it.
    navigate('/admin/account?tab=1')
    expect(confirm).toHaveBeenCalledOnce()
    confirm.mockReturnValue(true)
    navigate('/admin/board')
    expect(window.location.pathname).toBe('/admin/board')
    window.history.replaceState(null, '', '/admin/account')
    await user.click(screen.getByRole('checkbox', { name: 'I have saved these codes somewhere safe' }))
    await user.click(screen.getByRole('button', { name: 'Done' }))
    expect(onDone).toHaveBeenCalledOnce()
  })
})

describe('leaving once the codes are saved', () => {
  it('asks nothing once they are gone from the page', () => {
    const confirm = vi.spyOn(window, 'confirm')
    renderInbox(<BackupCodes codes={CODES} onDone={vi.fn()} />, SESSION)
    cleanup()
    window.history.replaceState(null, '', '/admin/account')
    navigate('/admin/board')
    expect(confirm).not.toHaveBeenCalled()
    expect(window.location.pathname).toBe('/admin/board')
    const leaving = new Event('beforeunload', { cancelable: true })
    window.dispatchEvent(leaving)
    expect(leaving.defaultPrevented).toBe(false)
  })
})
