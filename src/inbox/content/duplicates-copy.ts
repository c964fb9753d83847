/** The words of duplicates and merging (docs/inbox.md, "Duplicates"): the list's mark and the lead page's section. */
export const duplicatesCopy = {
  badge: 'Applied again',
  badgeReason: ': another lead has the same email or phone',
  section: 'Applied again',
  sectionAside: 'same email or phone, within 90 days',
  intro:
    'The same person applied more than once. Merge keeps the first application as the lead, with the other one’s answers in its history.',
  applied: (at: string) => `applied ${at}`,
  same: (email: boolean, phone: boolean) =>
    email && phone ? 'same email and phone' : email ? 'same email' : 'same phone',
  merge: 'Merge',
  mergeLabel: (name: string) => `Merge with ${name}`,
  mergeTitle: 'Merge these two leads?',
  mergeBody: (keptAt: string, mergedAt: string) =>
    `One lead is kept: the application of ${keptAt}. The application of ${mergedAt} joins its history with its answers, and its bookings, notes and status history move to it. This cannot be undone.`,
  mergeConfirm: 'Merge',
  merging: 'Merging…',
  mergeFailed: 'The leads could not be merged. Try again.',
  merged: 'Merged: this is now one lead.',
  history: 'Earlier and later applications',
  appliedAgainOn: (at: string) => `Applied again on ${at}`,
  mergedBy: (who: string, at: string) => `merged by ${who}, ${at}`,
  timeline: (at: string) => `Applied again (merged), answers from ${at}`,
}
