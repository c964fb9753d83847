import { screen, within } from '@testing-library/react'
import { CSRF_HEADER } from '../../../common/admin-api.ts'
import type { BackupList, BackupSummary } from '../../../common/backup-api.ts'
import type { AdminSession } from '../../../common/session-api.ts'
import { jsonResponse, renderInbox, stubInboxServer } from '../testing/render-inbox.tsx'
import { BackupsSection } from './backups-section.tsx'

const SESSION: AdminSession = {
  email: 'owner@example.com',
  csrfToken: 'csrf-token-for-tests',
  totpEnabled: false,
  timeZone: 'UTC',
}
const OLDER: BackupSummary = {
  name: 'backup-2025-03-01T02-00-00-000Z.ndjson.gz',
  kind: 'scheduled',
  createdAt: '2025-03-01T02:00:00.000Z',
  bytes: 2_400,
}
const NEW: BackupSummary = {
  name: 'backup-2025-03-02T09-30-00-000Z-on-demand.ndjson.gz',
  kind: 'on-demand',
  createdAt: '2025-03-02T09:30:00.000Z',
  bytes: 1_500_000,
}

const fetchMock = stubInboxServer()
const json = jsonResponse

/** What the section's live region says: a screen reader announces each change. */
const announced = () => document.querySelector('[aria-live="polite"]')

/** The server: `list` answers GET /backups, `take` POST /backups. */
function renderSection(list: () => BackupList, take: () => Promise<Response> | Response = () => json(200, NEW)) {
  fetchMock.mockImplementation(async (_input, init) => (init?.method === 'POST' ? take() : json(200, list())))
  return renderInbox(<BackupsSection />, SESSION).user
}

describe('the account page’s backups', () => {
  it('lists the stored backups, each with a download link, and says when the last was taken', async () => {
    renderSection(() => ({ enabled: true, canManage: true, backups: [OLDER] }))
    const table = await screen.findByRole('table', { name: 'Stored backups, newest first' })
    expect(within(table).getByRole('link', { name: OLDER.name })).toHaveAttribute(
      'href',
      `/api/admin/backups/${OLDER.name}`,
    )
    expect(within(table).getByText('2.4 kB')).toBeInTheDocument()
    expect(screen.getByText(/^Last backup:/)).toHaveTextContent('1 backup is kept on the server.')
  })

  it('takes a backup with the CSRF token, says so while it runs, then downloads it and lists it', async () => {
    const clicked: string[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.getAttribute('href') ?? '')
    })
    let finish: (response: Response) => void = () => undefined
    let stored = [OLDER]
    const user = renderSection(
      () => ({ enabled: true, canManage: true, backups: stored }),
      () => new Promise<Response>((resolve) => (finish = resolve)),
    )
    await user.click(await screen.findByRole('button', { name: 'Download a backup now' }))
    const busy = screen.getByRole('button', { name: 'Taking a backup…' })
    expect(busy).toHaveAttribute('aria-disabled', 'true')
    expect(announced()).toHaveTextContent('Taking a backup…')
    await user.click(busy)
    const posts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')
    expect(posts).toHaveLength(1)
    expect(new Headers(posts[0]?.[1]?.headers).get(CSRF_HEADER)).toBe(SESSION.csrfToken)

    stored = [NEW, OLDER]
    finish(json(200, NEW))
    expect(await screen.findByRole('button', { name: 'Download a backup now' })).not.toHaveAttribute(
      'aria-disabled',
      'true',
    )
    expect(clicked).toEqual([`/api/admin/backups/${NEW.name}`])
    expect(announced()).toHaveTextContent(`Backup taken: the download of ${NEW.name} has started.`)
    expect(await screen.findByRole('link', { name: NEW.name })).toBeInTheDocument()
    expect(screen.getByText('1.5 MB')).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('shows an alert when the backup fails, and downloads nothing', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined)
    const user = renderSection(
      () => ({ enabled: true, canManage: true, backups: [] }),
      () => json(500, { statusCode: 500, message: 'disk full' }),
    )
    expect(await screen.findByText('No backup has been taken yet.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Download a backup now' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('The backup could not be taken. Try again.')
    expect(click).not.toHaveBeenCalled()
  })

  it('shows the server’s own words when the rate limit refuses a backup', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined)
    const limited = 'A backup can be taken once every 10 minutes: try again in 7 min, or download one of those listed.'
    const user = renderSection(
      () => ({ enabled: true, canManage: true, backups: [OLDER] }),
      () => json(429, { statusCode: 429, error: 'Too Many Requests', message: limited }),
    )
    await user.click(await screen.findByRole('button', { name: 'Download a backup now' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(limited)
    expect(click).not.toHaveBeenCalled()
  })

  it('to a member, lists the backups with their kinds but offers no button and no download link', async () => {
    renderSection(() => ({ enabled: true, canManage: false, backups: [NEW, OLDER] }))
    const table = await screen.findByRole('table', { name: 'Stored backups, newest first' })
    expect(within(table).getByText(OLDER.name)).toBeInTheDocument()
    expect(within(table).getByText('On demand')).toBeInTheDocument()
    expect(within(table).getByText('Scheduled')).toBeInTheDocument()
    expect(screen.queryByRole('link')).not.toBeInTheDocument()
    expect(screen.queryByRole('button')).not.toBeInTheDocument()
    expect(screen.getByText('Only the owner can take or download a backup.')).toBeInTheDocument()
  })

  it('on PostgreSQL says the server takes none, with no button', async () => {
    renderSection(() => ({ enabled: false, canManage: true, backups: [] }))
    expect(
      await screen.findByText('On PostgreSQL the server takes no backups: use your provider’s backups or pg_dump.'),
    ).toBeInTheDocument()
    expect(screen.queryByRole('button')).not.toBeInTheDocument()
  })
})
