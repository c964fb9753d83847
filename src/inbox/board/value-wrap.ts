// Longer than this, a run of letters without a space (an email, a link) cannot wrap at a word's end in a card.
const LONGEST_WORD = 18

/**
 * How a card's value wraps: at word boundaries; a word is broken only when it
 * alone is wider than the card's line (a narrow column), never to fill a line.
 * A value with a run too long for any card's line (an email, a link) may break
 * anywhere, and asks no wider column for it, rather than stick out of the card.
 */
export const valueWrap = (text: string) =>
  text.split(/\s+/).some((word) => word.length > LONGEST_WORD) ? 'wrap-anywhere' : 'wrap-break-word'
