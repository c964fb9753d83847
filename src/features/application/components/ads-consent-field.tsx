import type { AdPlatform } from '../../../../common/ad-conversions.ts'
import { adsConsentCopy } from '../../../../common/ads-consent.ts'

interface AdsConsentFieldProps {
  platforms: readonly AdPlatform[]
  checked: boolean
  disabled: boolean
  onChange: (checked: boolean) => void
}

const ID = 'application-ads-consent'

/**
 * The optional consent to tell the ad platforms about the application: a real
 * checkbox, unticked until the visitor ticks it, named by its label and
 * described by the plain account of what is shared with whom. The words are
 * the ones the server records with a consent (common/ads-consent.ts).
 * Only classes the page already uses: its first view's CSS stays as it is.
 */
export function AdsConsentField({ platforms, checked, disabled, onChange }: AdsConsentFieldProps) {
  const copy = adsConsentCopy(platforms)
  return (
    <div className="flex gap-3">
      <input
        id={ID}
        type="checkbox"
        className="size-6 shrink-0"
        // The page is dark, the dialog light: a dark-scheme box on white reads as ticked.
        style={{ colorScheme: 'light' }}
        checked={checked}
        disabled={disabled}
        aria-describedby={`${ID}-details`}
        onChange={(event) => onChange(event.target.checked)}
      />
      <div className="flex flex-col gap-2">
        <label htmlFor={ID} className="font-semibold">
          {copy.label}
        </label>
        <p id={`${ID}-details`} className="text-sm text-ink/70">
          {copy.details}
        </p>
      </div>
    </div>
  )
}
