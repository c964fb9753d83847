import { inboxCopy } from '../content/inbox-copy.ts'

/** A cell without a figure (no step before it, no visitors to divide by): a dash to see, words to hear. */
export function NoFigure() {
  return (
    <>
      <span aria-hidden="true">–</span>
      <span className="sr-only">{inboxCopy.funnel.none}</span>
    </>
  )
}
