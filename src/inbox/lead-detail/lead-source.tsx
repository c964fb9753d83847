import { leadPageCopy } from '../content/lead-page-copy.ts'
import { LeadAttribution } from './lead-attribution.tsx'
import { sourceSummary } from './source-summary.ts'

const copy = leadPageCopy.source

/** Where the lead came from in words; the raw campaign keys and addresses only once unfolded. */
export function LeadSource({ source, attribution }: { source: string | null; attribution: unknown }) {
  return (
    <details className="group">
      <summary className="cursor-pointer py-2.5">
        <span className="font-semibold">{copy.title}:</span> {sourceSummary(source, attribution)}{' '}
        <span className="text-sm text-ink/75 underline underline-offset-4">({copy.details})</span>
      </summary>
      <div className="mt-2 rounded-xl bg-ink/5 p-3">
        <LeadAttribution attribution={attribution} />
      </div>
    </details>
  )
}
