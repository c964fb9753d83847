import { numberInWordsCapitalized } from '../lib/number-in-words.ts'

/**
 * The application's intro, under its title: 'Eight short questions, …' with
 * the form's count of questions in words. Apart from site.ts so it loads with
 * the application rather than in the first view.
 */
export const applicationIntro = (questions: number) =>
  `${numberInWordsCapitalized(questions)} short questions, one at a time. It takes about two minutes.`
