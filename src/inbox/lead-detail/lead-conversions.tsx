import { AD_PLATFORMS, CONVERSION_STAGES, type AdPlatform } from '../../../common/ad-conversions.ts'
import type { LeadConversionView, PlatformStatus } from '../../../common/conversions-api.ts'
import { useLeadConversions, usePlatformStatuses } from '../api/conversions.ts'
import { conversionsCopy } from '../content/conversions-copy.ts'
import { Section } from '../ui/section.tsx'
import { ConversionLine } from './conversion-line.tsx'

const copy = conversionsCopy.lead

function PlatformConversions({
  leadId,
  platform,
  configured,
  rows,
}: {
  leadId: number
  platform: AdPlatform
  configured: boolean
  rows: LeadConversionView[]
}) {
  const name = conversionsCopy.platform(platform)
  const corrections = rows.filter((row) => row.kind !== 'conversion')
  return (
    <div>
      <h3 className="font-bold">{name}</h3>
      <ul>
        {CONVERSION_STAGES.map((stage) => {
          const row = rows.find((one) => one.stage === stage && one.kind === 'conversion')
          if (row)
            return <ConversionLine key={stage} leadId={leadId} row={row} name={copy.stages[stage]} platform={name} />
          // A platform turned off keeps the rows it had; the stages it never got are not its to wait for.
          if (!configured) return null
          return (
            <li key={stage} className="border-t border-ink/10 py-2 first:border-t-0">
              <span className="font-semibold">{copy.stages[stage]}</span>: {copy.notYet}
            </li>
          )
        })}
      </ul>
      {corrections.length > 0 && (
        <>
          <h4 className="mt-2 font-semibold">{copy.corrections}</h4>
          <ul>
            {corrections.map((row) => (
              <ConversionLine
                key={row.id}
                leadId={leadId}
                row={row}
                name={copy.correction(row.kind as 'retraction' | 'restatement', copy.stages[row.stage])}
                platform={name}
              />
            ))}
          </ul>
        </>
      )}
    </div>
  )
}

const shownPlatforms = (statuses: PlatformStatus[], rows: LeadConversionView[]) =>
  AD_PLATFORMS.flatMap((platform) => {
    const configured = statuses.find((status) => status.platform === platform)?.configured === true
    const own = rows.filter((row) => row.platform === platform)
    return configured || own.length > 0 ? [{ platform, configured, rows: own }] : []
  })

/**
 * The lead's conversions to the ad platforms, stage by stage per platform:
 * shown only when a platform is on or the lead has rows from when one was.
 */
export function LeadConversions({ leadId }: { leadId: number }) {
  const statuses = usePlatformStatuses()
  const conversions = useLeadConversions(leadId)
  if (!statuses.data || !conversions.data) return null
  const platforms = shownPlatforms(statuses.data, conversions.data)
  if (platforms.length === 0) return null
  return (
    <Section title={copy.title}>
      <p className="text-sm text-ink/75">{copy.intro}</p>
      <div className="mt-3 flex flex-col gap-4">
        {platforms.map((shown) => (
          <PlatformConversions key={shown.platform} leadId={leadId} {...shown} />
        ))}
      </div>
    </Section>
  )
}
