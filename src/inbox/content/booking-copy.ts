import {
  PROVIDER_NAMES,
  type BookingEventKind,
  type BookingFilter,
  type BookingState,
} from '../../../common/booking-api.ts'

const waitText = (minutes: number) =>
  minutes % 60 === 0 && minutes >= 60
    ? `${minutes / 60} hour${minutes === 60 ? '' : 's'}`
    : `${minutes} minute${minutes === 1 ? '' : 's'}`

/** How bookings read in the inbox: the list's call line, its filter, and a lead's timeline. */
export const bookingCopy = {
  column: 'Call',
  call: (when: string) => `Call ${when}`,
  callBooked: 'Call booked',
  states: { scheduled: 'Scheduled', canceled: 'Cancelled', no_show: 'No-show' } satisfies Record<BookingState, string>,
  filter: 'Booking',
  anyBooking: 'Any',
  filters: {
    booked: 'Booked',
    not_booked: 'Not booked',
    upcoming: 'Upcoming calls',
    canceled: 'Cancelled',
    no_show: 'No-show',
    needs_outcome: 'Needs an outcome',
  } satisfies Record<BookingFilter, string>,
  section: 'Bookings',
  followUp: {
    delivered: (at: string) => `Follow-up sent ${at}`,
    pending: 'Follow-up email queued',
    failed: 'Follow-up email could not be sent',
    /** A follow-up refused or failed for good, with why: "the email answer names 34 addresses; …". */
    notSent: (reason: string) => `Follow-up email not sent: ${reason}`,
  },
  none: 'No booking yet.',
  providers: PROVIDER_NAMES,
  title: (provider: string, state: string) => `${provider}: ${state}`,
  callTime: (when: string) => `Call at ${when}`,
  reason: (reason: string) => `Reason: ${reason}`,
  events: {
    created: 'Booked',
    rescheduled: 'Booked by rescheduling',
    canceled: 'Cancelled',
    no_show: 'Marked a no-show',
    no_show_removed: 'No-show mark removed',
    linked: 'Linked to this lead',
  } satisfies Record<BookingEventKind, string>,
  /** The Bookings page: who has not booked, and bookings no lead matched. */
  page: { nav: 'Bookings', title: 'Bookings' },
  awaiting: {
    heading: 'Applied, no booking',
    title: (minutes: number) => `Applied, no booking after ${waitText(minutes)}`,
    intro: 'Open leads of the last 30 days that have not booked a call: the ones to follow up by hand.',
    caption: 'Leads without a booking, newest first',
    none: 'Every recent lead has booked, or is too recent to chase.',
    applied: 'Applied',
    who: 'Lead',
    email: 'Email',
    followUp: 'Follow-up email',
    followUps: { pending: 'Queued', delivered: 'Sent', failed: 'Failed' },
    noFollowUp: 'None',
  },
  unmatched: {
    title: 'Bookings without an application',
    intro:
      'Calls booked by someone no lead matched: no application id came back, and no lead of the last 30 days has that email. Link each to its lead here, or from the lead’s page.',
    caption: 'Bookings no lead matched, newest first',
    none: 'Every booking belongs to a lead.',
    received: 'Received',
    who: 'Booked by',
    call: 'Call',
    state: 'State',
    provider: 'Provider',
    link: 'Lead',
  },
  /** Linking from the Bookings page's list: a dialog that finds the lead. */
  linkFromList: {
    open: 'Link to a lead',
    openOf: (who: string) => `(booking of ${who})`,
    title: 'Link this booking to a lead',
    intro: (who: string, when: string) => `Booked by ${who}, ${when}. Find the lead it belongs to.`,
    search: 'Find the lead',
    find: 'Find',
    results: 'Leads found',
    noLead: 'No lead matches. Try the name, another email or the phone.',
    searchFailed: 'The leads could not be searched. Try other words, or again.',
    applied: (at: string) => `applied ${at}`,
    choose: 'Link to',
    linked: (who: string, lead: string) => `The booking of ${who} is linked to ${lead}.`,
  },
  link: {
    legend: 'Link a booking without an application',
    booking: 'Booking',
    choose: 'Choose a booking',
    option: (who: string, when: string) => `${who}, ${when}`,
    submit: 'Link to this lead',
    linked: 'The booking is linked to this lead.',
    failed: 'The booking could not be linked. It may have been linked already; reload and try again.',
  },
}
