/** A count beside a nav link or on the menu button, hidden from a screen reader, which hears it in the name. */
export function NavBadge({ shown }: { shown: string }) {
  return (
    <span aria-hidden="true" className="ml-2 rounded-full bg-gold-strong px-2 text-sm font-bold text-ink tabular-nums">
      {shown}
    </span>
  )
}
