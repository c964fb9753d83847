import { toolsCopy } from '../content/inbox-tools-copy.ts'
import { InboxLink } from '../router/inbox-link.tsx'
import { adminPaths } from '../router/paths.ts'
import { Section } from '../ui/section.tsx'

const copy = toolsCopy.erasureLink

/** The Account page's way to Erase by email: a rare request, kept out of the everyday navigation. */
export function ErasureSection() {
  return (
    <Section title={copy.title}>
      <p>{copy.intro}</p>
      <InboxLink
        href={adminPaths.erasure}
        className="mt-3 inline-flex min-h-11 items-center rounded-full px-4 font-semibold ring-1 ring-ink/25 hover:bg-ink/5"
      >
        {copy.open}
      </InboxLink>
    </Section>
  )
}
