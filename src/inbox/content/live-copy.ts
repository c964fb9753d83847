import { NEW_COUNT_CAP } from '../../../common/live-api.ts'

/** How the inbox speaks of leads new to the signed-in account, and of their arrival (docs/inbox.md#new-leads). */
export const liveCopy = {
  /** The marker beside a lead the account has not opened; a screen reader hears why. */
  newBadge: 'New',
  newBadgeReason: ': not opened by you yet',
  /** The nav's count beside "Leads": "3" on screen, "Leads, 3 new" to a screen reader. */
  navCount: (count: number) => (count >= NEW_COUNT_CAP ? `${NEW_COUNT_CAP - 1}+` : String(count)),
  navCountSpoken: (count: number) =>
    count >= NEW_COUNT_CAP ? `, more than ${NEW_COUNT_CAP - 1} new` : `, ${count} new`,
  /** Said politely when the count rises while the inbox is open. */
  arrived: (count: number) => (count === 1 ? '1 new lead' : `${count} new leads`),
}
