import { filterCopy } from '../content/filter-copy.ts'

/** The list's keys, folded: there for whoever looks, out of the way of the rest. */
export function KeyboardHint() {
  return (
    <details className="group text-sm lg:ml-auto">
      <summary className="inline-flex min-h-11 cursor-pointer items-center gap-1 rounded-lg px-2 font-semibold hover:bg-ink/5">
        <span aria-hidden="true" className="transition-transform group-open:rotate-90">
          ▸
        </span>
        {filterCopy.shortcuts}
      </summary>
      <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 px-2">
        {filterCopy.keys.map(([key, action]) => (
          <div key={key} className="contents">
            <dt>
              <kbd className="rounded border border-ink/30 bg-mist/40 px-1.5 font-mono">{key}</kbd>
            </dt>
            <dd>{action}</dd>
          </div>
        ))}
      </dl>
    </details>
  )
}
