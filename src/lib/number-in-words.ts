const WORDS = [
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
  'twenty',
] as const

/**
 * A count as a word, as copy writes small numbers: 1 to 20, as many questions
 * as a form can plausibly ask. Anything else throws, so a count the copy cannot
 * say fails loudly (and the tests with it) instead of reading wrong.
 */
export function numberInWords(count: number): string {
  const word = Number.isInteger(count) ? WORDS[count - 1] : undefined
  if (word === undefined)
    throw new RangeError(`No word for ${count}: counts from 1 to ${WORDS.length} are written out.`)
  return word
}

/** The same word, opening a sentence. */
export function numberInWordsCapitalized(count: number): string {
  const word = numberInWords(count)
  return `${word.charAt(0).toUpperCase()}${word.slice(1)}`
}
