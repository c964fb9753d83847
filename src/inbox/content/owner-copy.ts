/** The words of owners: the teammate who works a lead, its filters, assignment and new leads in turn. */
export const ownerCopy = {
  /** The list's column, the card's and the lead page's label. */
  owner: 'Owner',
  unassigned: 'Unassigned',
  you: (email: string) => `${email} (you)`,
  /** The select on the lead's page and the board's card. */
  ownerOf: (name: string) => `Owner of ${name}`,
  changed: (name: string, owner: string) => `${name} is now assigned to ${owner}.`,
  unassignedNow: (name: string) => `${name} is now unassigned.`,
  changeFailed: 'The owner could not be changed. Try again.',
  filter: 'Owner',
  filters: { any: 'Anyone', mine: 'Mine', none: 'Unassigned' },
  bulk: 'Assign to',
  bulkApply: 'Assign',
  bulkApplying: 'Assigning…',
  bulkDone: (count: number, owner: string) =>
    `${count === 1 ? '1 lead' : `${count} leads`} ${owner === '' ? 'unassigned' : `assigned to ${owner}`}.`,
  bulkFailed: 'The leads could not be assigned. Try again.',
  /** The timeline: "Assigned to X by Y". */
  assigned: (owner: string) => `Assigned to ${owner}`,
  unassignedEntry: 'Unassigned',
  by: (author: string) => `by ${author}`,
  /** The owner's setting, in the teammates' list. */
  takesNewLeads: 'Gets new leads in turn',
  takesNewLeadsOf: (email: string) => `${email} gets new leads in turn`,
  newLeadsNote:
    'New leads go in turn to the teammates ticked here, one each in a fixed order. With nobody ticked, new leads stay unassigned.',
  takesNewLeadsFailed: 'The setting could not be saved. Try again.',
}
