import { useId, type ReactNode } from 'react'

/**
 * A table that scrolls sideways on a narrow screen: its box is a named region
 * in the Tab order, so the keyboard can scroll it too.
 */
export function ScrollTable({ caption, children }: { caption: string; children: ReactNode }) {
  const id = useId()
  return (
    <div role="region" aria-labelledby={id} tabIndex={0} className="relative mt-4 overflow-x-auto rounded-xl ring-1 ring-ink/10">
      <table className="w-full text-left text-sm">
        <caption id={id} className="sr-only">
          {caption}
        </caption>
        {children}
      </table>
    </div>
  )
}

export const headCell = 'px-2 py-2 font-semibold sm:px-3'
export const numberHead = `${headCell} text-right`
export const bodyCell = 'px-2 py-2 align-top sm:px-3'
export const numberCell = `${bodyCell} text-right tabular-nums`
