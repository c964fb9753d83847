import type { LeadOrder } from '../../../common/lead-list-api.ts'

/** What the list holds: leads, or in the spam view entries (spam is never counted as a lead). */
const leads = (count: number, spam = false) =>
  spam ? (count === 1 ? 'entry' : 'entries') : count === 1 ? 'lead' : 'leads'
const number = (count: number) => count.toLocaleString('en')

/** How the lead list reads: its count, order, rows, selection and what is done to a selection (src/inbox/lead-list/). */
export const listCopy = {
  /** "48 leads", "1 lead", "10,000+ leads". */
  count: (count: number, capped: boolean, spam = false) =>
    `${number(count)}${capped ? '+' : ''} ${leads(capped ? 2 : count, spam)}`,
  /** The table's (and the cards') name for a screen reader, in the order shown. */
  caption: {
    received: 'Leads, newest first',
    name: 'Leads, by name',
    status: 'Leads, by status',
    call: 'Leads, soonest call first',
  } satisfies Record<LeadOrder, string>,
  sortBy: 'Sort by',
  /** The sort's choices; under Upcoming calls the default order is the calls' (leadOrderOf). */
  sorts: {
    received: 'Newest first',
    name: 'Name, A to Z',
    status: 'Status, in pipeline order',
    call: 'Soonest call first',
  } satisfies Record<LeadOrder, string>,
  columns: {
    lead: 'Lead',
    source: 'Source',
    budget: 'Budget',
    received: 'Received',
    status: 'Status',
    answers: 'Answers',
  },
  /** What a sortable column header says it sorts by, for a screen reader. */
  sortColumn: (column: string) => `Sort by ${column}`,
  /** A lead without a source: the funnel's word for it too. */
  direct: '(direct)',
  receivedAt: (exact: string) => `Received ${exact}`,
  answers: 'Answers',
  answersOf: (name: string) => `Answers of ${name}`,
  noAnswer: '—',
  select: (name: string) => `Select ${name}`,
  /** The phone list's one-tap call, named with whom and the number it dials. */
  call: (name: string, phone: string) => `Call ${name}, ${phone}`,
  selectPage: 'Select every lead on this page',
  selection: 'Selected leads',
  selected: (count: number) => `${number(count)} selected`,
  clear: 'Clear selection',
  bulkStatus: 'Change status to',
  bulkStatusApply: 'Apply',
  bulkStatusApplying: 'Applying…',
  bulkStatusDone: (count: number, status: string) =>
    `${number(count)} ${leads(count)} ${count === 1 ? 'is' : 'are'} now ${status}.`,
  bulkStatusFailed: 'The status could not be changed. Try again.',
  notSpam: 'Not spam',
  notSpamMoving: 'Moving…',
  notSpamDone: (count: number) =>
    `${number(count)} ${count === 1 ? 'entry is' : 'entries are'} now ${count === 1 ? 'a lead' : 'leads'}; their notifications are on their way.`,
  notSpamFailed: 'They could not be moved to the leads. Try again.',
  exportSelected: 'Export the selected…',
  exportSelectedTitle: 'Export the selected leads',
  exportSelectedIntro: 'Only the leads selected on this page.',
  erase: 'Erase the selected…',
  eraseTitle: (count: number, spam: boolean) => `Erase ${number(count)} ${leads(count, spam)}?`,
  eraseBody:
    'Each application, its status history, notes and notifications are deleted for good. The audit log keeps only that they were erased, and by whom.',
  eraseConfirm: (count: number, spam: boolean) => `Erase ${number(count)} ${leads(count, spam)}`,
  erasing: 'Erasing…',
  erased: (count: number, spam: boolean) => `${number(count)} ${leads(count, spam)} erased.`,
  eraseFailed: 'The leads could not be erased. Try again.',
  age: {
    now: 'just now',
    minutes: (count: number) => `${count} min ago`,
    hours: (count: number) => `${count} h ago`,
    days: (count: number) => `${count} d ago`,
    months: (count: number) => `${count} mo ago`,
    years: (count: number) => `${count} y ago`,
  },
}
