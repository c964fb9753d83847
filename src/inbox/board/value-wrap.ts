// Longer than this, a run of letters without a space (an email, a link) cannot wrap at a word's end in a card.
const LONGEST_WORD = 18

/**
 * How a card's value wraps: at word boundaries, never inside a word, except a
 * value with a run too long for a card's line, which may break anywhere rather
 * than stick out of the card.
 */
export const valueWrap = (text: string) =>
  text.split(/\s+/).some((word) => word.length > LONGEST_WORD) ? 'wrap-anywhere' : 'wrap-normal'
