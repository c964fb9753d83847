import { conversionsCopy } from '../content/conversions-copy.ts'
import { InboxLink } from '../router/inbox-link.tsx'
import { adminPaths } from '../router/paths.ts'
import { Section } from '../ui/section.tsx'

const copy = conversionsCopy.integrations

/** The Account page's way to the Integrations page: set up once, then looked at when the banner says so. */
export function IntegrationsSection() {
  return (
    <Section title={copy.accountTitle}>
      <p>{copy.accountIntro}</p>
      <InboxLink
        href={adminPaths.integrations}
        className="mt-3 inline-flex min-h-11 items-center rounded-full px-4 font-semibold ring-1 ring-ink/25 hover:bg-ink/5"
      >
        {copy.open}
      </InboxLink>
    </Section>
  )
}
