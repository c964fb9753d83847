import { useEffect, useRef } from 'react'
import { cn } from '../../lib/cn.ts'

interface SelectBoxProps {
  label: string
  checked: boolean
  /** Some but not all: the select-all box when part of the page is selected. */
  mixed?: boolean
  onChange: (checked: boolean) => void
  className?: string
}

/** A checkbox whose whole 44 px square (32 px under a mouse) takes the click, named for what it selects. */
export function SelectBox({ label, checked, mixed = false, onChange, className }: SelectBoxProps) {
  const box = useRef<HTMLInputElement>(null)
  useEffect(() => {
    if (box.current) box.current.indeterminate = mixed
  }, [mixed])
  return (
    <label
      className={cn(
        'flex min-h-11 min-w-11 cursor-pointer items-center justify-center pointer-fine:min-h-8',
        className,
      )}
    >
      <input
        ref={box}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="size-4 cursor-pointer accent-ink"
      />
      <span className="sr-only">{label}</span>
    </label>
  )
}
