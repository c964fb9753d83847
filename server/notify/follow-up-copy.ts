/** What the follow-up email and the unsubscribe page say: written once, here. */
export const followUpCopy = {
  subject: 'Your strategy call is one step away',
  greeting: (firstName: string) => (firstName === '' ? 'Hi,' : `Hi ${firstName},`),
  body: 'Thanks for applying. The last step is choosing a time for your 30-minute strategy call:',
  bookLink: 'Choose a time',
  ignore: 'If you have booked already, or no longer want a call, you can ignore this email.',
  stop: 'No more emails like this',
  unsubscribe: {
    title: 'Follow-up emails',
    ask: 'Stop follow-up emails about your application?',
    button: 'Stop follow-up emails',
    done: 'Done: you will get no more follow-up emails from us.',
    already: 'You had already stopped follow-up emails: you will get no more.',
    invalid: 'This link is not valid. Copy the whole link from the email, or reply to the email and we will stop.',
  },
} as const
