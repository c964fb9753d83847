import { ADMIN_PAGE_PATH } from '../../../common/admin-api.ts'

/** The inbox's views: each is a path the server answers with the inbox's page. */
export const adminPaths = {
  leads: ADMIN_PAGE_PATH,
  spam: `${ADMIN_PAGE_PATH}?view=spam`,
  chase: `${ADMIN_PAGE_PATH}?status=to_chase`,
  lead: (id: number) => `${ADMIN_PAGE_PATH}/leads/${id}`,
  board: `${ADMIN_PAGE_PATH}/board`,
  funnel: `${ADMIN_PAGE_PATH}/funnel`,
  spend: `${ADMIN_PAGE_PATH}/spend`,
  bookings: `${ADMIN_PAGE_PATH}/bookings`,
  calls: `${ADMIN_PAGE_PATH}/calls`,
  erasure: `${ADMIN_PAGE_PATH}/erasure`,
  integrations: `${ADMIN_PAGE_PATH}/integrations`,
  account: `${ADMIN_PAGE_PATH}/account`,
}

export type InboxView =
  | { name: 'leads' }
  | { name: 'lead'; id: number }
  | { name: 'board' }
  | { name: 'funnel' }
  | { name: 'spend' }
  | { name: 'bookings' }
  | { name: 'calls' }
  | { name: 'erasure' }
  | { name: 'integrations' }
  | { name: 'account' }
  | { name: 'not-found' }

/** Which view a path shows. */
export function viewOf(path: string): InboxView {
  const rest = path.slice(ADMIN_PAGE_PATH.length).replace(/\/+$/, '')
  if (rest === '') return { name: 'leads' }
  if (rest === '/board') return { name: 'board' }
  if (rest === '/funnel') return { name: 'funnel' }
  if (rest === '/spend') return { name: 'spend' }
  if (rest === '/bookings') return { name: 'bookings' }
  if (rest === '/calls') return { name: 'calls' }
  if (rest === '/erasure') return { name: 'erasure' }
  if (rest === '/integrations') return { name: 'integrations' }
  if (rest === '/account') return { name: 'account' }
  const lead = /^\/leads\/([1-9][0-9]{0,15})$/.exec(rest)
  if (lead?.[1]) return { name: 'lead', id: Number(lead[1]) }
  return { name: 'not-found' }
}
