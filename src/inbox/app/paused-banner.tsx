import { usePlatformStatuses } from '../api/conversions.ts'
import { conversionsCopy } from '../content/conversions-copy.ts'
import { InboxLink } from '../router/inbox-link.tsx'
import { adminPaths } from '../router/paths.ts'

const copy = conversionsCopy.banner

/** Across every view while an ad platform is paused: its token was refused, and its conversions wait. */
export function PausedBanner({ onIntegrations }: { onIntegrations: boolean }) {
  const paused = usePlatformStatuses().data?.filter((status) => status.paused) ?? []
  if (paused.length === 0) return null
  return (
    <section aria-label={copy.label} className="border-b-4 border-amber-600 bg-amber-50">
      <div className="mx-auto flex max-w-7xl flex-col gap-1 px-4 py-3 sm:px-6">
        {paused.map((status) => (
          <p key={status.platform}>
            {copy.paused(conversionsCopy.platform(status.platform), status.pausedReason ?? '')}
          </p>
        ))}
        {!onIntegrations && (
          <InboxLink href={adminPaths.integrations} className="font-semibold underline underline-offset-4">
            {copy.open}
          </InboxLink>
        )}
      </div>
    </section>
  )
}
