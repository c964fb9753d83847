import { AccountPage } from '../account/account-page.tsx'
import { LazyBoardPage } from '../board/lazy-board.tsx'
import { BookingsPage } from '../bookings/bookings-page.tsx'
import { CallsPage } from '../calls/calls-page.tsx'
import { ErasurePage } from '../erasure/erasure-page.tsx'
import { FunnelPage } from '../funnel/funnel-page.tsx'
import { IntegrationsPage } from '../integrations/integrations-page.tsx'
import { LeadDetailPage } from '../lead-detail/lead-detail-page.tsx'
import { LeadListPage } from '../lead-list/lead-list-page.tsx'
import { viewOf } from '../router/paths.ts'
import { useLocation } from '../router/use-location.ts'
import { SpendPage } from '../spend/spend-page.tsx'
import { InboxHeader } from './inbox-header.tsx'
import { NotFound } from './not-found.tsx'
import { PausedBanner } from './paused-banner.tsx'

const FROM_ACCOUNT = new Set(['erasure', 'integrations'])

/** The header, a banner while an ad platform is paused, and the view the address names. */
export function InboxShell() {
  const { path, params } = useLocation()
  const view = viewOf(path)
  const spam = view.name === 'leads' && params.get('view') === 'spam'
  const chase = view.name === 'leads' && params.get('status') === 'to_chase'
  return (
    <>
      {/* Erase by email and Integrations are reached from the Account page, so they count as that page in the navigation. */}
      <InboxHeader current={spam ? 'spam' : chase ? 'chase' : FROM_ACCOUNT.has(view.name) ? 'account' : view.name} />
      <PausedBanner onIntegrations={view.name === 'integrations'} />
      <main className="mx-auto max-w-7xl px-4 py-6 sm:px-6">
        {view.name === 'leads' && <LeadListPage params={params} />}
        {view.name === 'lead' && <LeadDetailPage key={view.id} id={view.id} />}
        {view.name === 'board' && <LazyBoardPage />}
        {view.name === 'funnel' && <FunnelPage params={params} />}
        {view.name === 'spend' && <SpendPage params={params} />}
        {view.name === 'bookings' && <BookingsPage />}
        {view.name === 'calls' && <CallsPage />}
        {view.name === 'erasure' && <ErasurePage />}
        {view.name === 'integrations' && <IntegrationsPage />}
        {view.name === 'account' && <AccountPage />}
        {view.name === 'not-found' && <NotFound />}
      </main>
    </>
  )
}
