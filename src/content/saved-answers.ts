/**
 * The application's words about the answers it keeps on the visitor's device
 * (for how long: site.application.savedForDays). Apart from site.ts so they
 * load with the application rather than in the first view.
 */
export const savedAnswers = {
  notice: 'Your answers are saved on this device until you send them.',
  startOver: 'Start over',
} as const
