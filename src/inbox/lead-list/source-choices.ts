import { DIRECT_SOURCE } from '../../../common/funnel-api.ts'
import { sourceLabel } from '../../../common/source-labels.ts'
import { filterCopy } from '../content/filter-copy.ts'

export interface SourceChoice {
  value: string
  label: string
}

/**
 * The Source filter's choices: the sources seen, by name (Instagram for `ig`),
 * in the order of their names, with the source's key added where two read the
 * same (ig and l.instagram.com), and (direct) last. The source chosen is kept
 * even when it is not among them (an address from the Funnel, say).
 */
export function sourceChoices(seen: readonly string[], chosen: string | undefined): SourceChoice[] {
  const sources = chosen !== undefined && !seen.includes(chosen) ? [...seen, chosen] : [...seen]
  const named = sources.filter((source) => source !== DIRECT_SOURCE)
  const counts = new Map<string, number>()
  for (const source of named) counts.set(sourceLabel(source), (counts.get(sourceLabel(source)) ?? 0) + 1)
  const choices = named
    .map((source) => {
      const label = sourceLabel(source)
      return { value: source, label: (counts.get(label) ?? 0) > 1 ? filterCopy.sourceWithKey(label, source) : label }
    })
    .sort((a, b) => a.label.localeCompare(b.label))
  return sources.includes(DIRECT_SOURCE) ? [...choices, { value: DIRECT_SOURCE, label: filterCopy.direct }] : choices
}
