import { useId, type ReactNode } from 'react'

/** A titled part of the lead's page, named by its heading for landmarks navigation; `aside` is a word beside the title. */
export function Section({ title, aside, children }: { title: string; aside?: string; children: ReactNode }) {
  const id = useId()
  return (
    <section aria-labelledby={id} className="min-w-0 rounded-2xl bg-white p-4 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-baseline gap-x-3">
        <h2 id={id} className="text-lg font-bold">
          {title}
        </h2>
        {aside && <p className="text-sm text-ink/75">{aside}</p>}
      </div>
      <div className="mt-2 sm:mt-3">{children}</div>
    </section>
  )
}
