import type { AgendaSectionId } from '../../../common/agenda-api.ts'

/** How the calls agenda reads. */
export const callsCopy = {
  nav: 'Calls',
  title: 'Calls',
  intro:
    'Every call booked, by its start: today, tomorrow and the rest of the week, then the calls that have started and still need an outcome.',
  /** Where the inbox names the zone its times are in. */
  timesIn: (zone: string) => `Times in ${zone}`,
  sections: {
    today: 'Today',
    tomorrow: 'Tomorrow',
    week: 'This week',
    past: 'Past, no outcome',
  } satisfies Record<AgendaSectionId, string>,
  empty: {
    today: 'No calls today.',
    tomorrow: 'No calls tomorrow.',
    week: 'No more calls this week.',
    past: 'Every call that has started has an outcome.',
  } satisfies Record<AgendaSectionId, string>,
  more: 'More calls than shown here: find them in the lead list with the Booking filter.',
  join: 'Join call',
  /** The join link's name for screen readers: which call it opens. */
  joinName: (lead: string) => `Join the call with ${lead} (opens the meeting)`,
  lead: 'Lead',
  when: 'Starts',
  status: 'Status',
  link: 'Join',
  noLink: 'No link given',
}
