interface ProgressBarProps {
  value: number
  max: number
  label: string
  valueText: string
}

export function ProgressBar({ value, max, label, valueText }: ProgressBarProps) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={1}
      aria-valuemax={max}
      aria-valuenow={value}
      aria-valuetext={valueText}
      className="h-2 w-full overflow-hidden rounded-full bg-ink/10"
    >
      <div
        className="h-full rounded-full bg-gold motion-safe:transition-[width] motion-safe:duration-300"
        style={{ width: `${(value / max) * 100}%` }}
      />
    </div>
  )
}
