/** The inbox's words for taking a lead out of spam, the export's dialog and the way to Erase by email. */
export const toolsCopy = {
  notSpam: {
    action: 'Not spam',
    actionOf: (name: string) => `Not spam: move ${name} to the leads`,
    moving: 'Moving…',
    moved: (name: string) => `${name} is now a lead; its notifications are on their way.`,
    failed: 'It could not be moved to the leads. Try again.',
  },
  exportView: {
    open: 'Export this view…',
    title: 'Export this view',
    intro: 'Every lead of the current filter, not only this page.',
    madeFor: 'Made for',
    spreadsheet: 'For a spreadsheet',
    spreadsheetHint: 'Phones, handles and anything a spreadsheet could run as a formula start with a quote mark.',
    crm: 'For a CRM import',
    crmHint: 'Values exactly as typed, for an import.',
    crmWarning:
      'Do not open this file in a spreadsheet: a value that starts with =, +, - or @ could run there as a formula. Import it into your CRM instead.',
    timeZone: 'Times in',
    timeZoneHint: 'The time zone of the Received column, written to the second.',
    downloads: 'Download',
  },
  erasureLink: {
    title: 'Erase by email',
    intro: 'For a person who asked to be forgotten: erase every lead and spam entry with their email address.',
    open: 'Erase by email…',
    back: 'Account',
  },
}
