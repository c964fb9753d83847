import { screen } from '@testing-library/react'
import { CSRF_HEADER } from '../../../common/admin-api.ts'
import type { AdminSession } from '../../../common/session-api.ts'
import { jsonResponse, renderInbox, stubInboxServer } from '../testing/render-inbox.tsx'
import { SpendImport } from './spend-import.tsx'

const SESSION: AdminSession = {
  email: 'owner@example.com',
  csrfToken: 'csrf-token-for-tests',
  totpEnabled: false,
  timeZone: 'UTC',
}
const CSV = 'date,source,campaign,amount,currency\n2026-11-02,ig,,12.50,\n2026-11-03,ig,,oops,\n'

const fetchMock = stubInboxServer()

describe('the spend import', () => {
  it('sends the chosen file with the session’s token, and shows the refusal naming the line in an alert', async () => {
    fetchMock.mockImplementation(async () =>
      jsonResponse(400, { error: 'bad_request', message: 'Line 3: the amount “oops” is not a decimal.' }),
    )
    const { user } = renderInbox(<SpendImport />, SESSION)
    await user.upload(screen.getByLabelText('CSV file'), new File([CSV], 'spend.csv', { type: 'text/csv' }))
    await user.click(screen.getByRole('button', { name: 'Import' }))

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Nothing was imported. The server said: “Line 3: the amount “oops” is not a decimal.”',
    )
    const [path, init] = fetchMock.mock.calls[0]!
    expect(path).toBe('/api/admin/spend/import')
    expect(new Headers(init?.headers).get(CSRF_HEADER)).toBe(SESSION.csrfToken)
    expect(JSON.parse(String(init?.body))).toEqual({ csv: CSV })
  })

  it('says how many rows were new and how many replaced', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(200, { imported: 0, replaced: 2 }))
    const { user } = renderInbox(<SpendImport />, SESSION)
    await user.upload(screen.getByLabelText('CSV file'), new File([CSV], 'spend.csv', { type: 'text/csv' }))
    await user.click(screen.getByRole('button', { name: 'Import' }))
    expect(await screen.findByRole('status')).toHaveTextContent('Imported: 0 new rows, 2 replaced.')
  })

  it('asks for a file before sending anything', async () => {
    const { user } = renderInbox(<SpendImport />, SESSION)
    await user.click(screen.getByRole('button', { name: 'Import' }))
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a CSV file first')
    expect(fetchMock).not.toHaveBeenCalled()
  })
})
