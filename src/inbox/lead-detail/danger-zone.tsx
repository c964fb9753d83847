import { useId } from 'react'
import { leadPageCopy } from '../content/lead-page-copy.ts'
import { EraseLead } from './erase-lead.tsx'

const copy = leadPageCopy.danger

/** What cannot be undone, at the bottom of the page and apart from the daily controls. */
export function DangerZone({ id, back }: { id: number; back: string }) {
  const headingId = useId()
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border-2 border-red-800/40 bg-white p-4 sm:p-6">
      <h2 id={headingId} className="text-lg font-bold text-red-900">
        {copy.title}
      </h2>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
        <p className="max-w-prose">{copy.intro}</p>
        <EraseLead id={id} back={back} />
      </div>
    </section>
  )
}
