import type { ReactNode } from 'react'
import { cn } from '../../lib/cn.ts'

const tones = {
  error: 'border-red-700 bg-red-50 text-red-900',
  warning: 'border-amber-600 bg-amber-50 text-ink',
  success: 'border-emerald-700 bg-emerald-50 text-emerald-950',
} as const

/** A message in a live region: errors interrupt, the rest wait their turn. */
export function Notice({
  tone,
  children,
  className,
}: {
  tone: keyof typeof tones
  children: ReactNode
  className?: string
}) {
  return (
    <p
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn('rounded-lg border-l-4 px-4 py-3', tones[tone], className)}
    >
      {children}
    </p>
  )
}
