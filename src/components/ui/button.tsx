import type { ComponentProps } from 'react'
import { cn } from '../../lib/cn.ts'

const variants = {
  primary:
    'bg-gold text-ink shadow-lg shadow-gold/20 hover:bg-gold-strong disabled:bg-gold/60 disabled:shadow-none',
  secondary: 'bg-transparent text-ink ring-1 ring-ink/25 hover:bg-ink/5 disabled:text-ink/40 disabled:ring-ink/10',
} as const

interface ButtonProps extends ComponentProps<'button'> {
  variant?: keyof typeof variants
}

export function Button({ variant = 'primary', className, type = 'button', ...props }: ButtonProps) {
  return (
    <button
      type={type}
      className={cn(
        'inline-flex min-h-12 items-center justify-center rounded-full px-6 font-bold transition-colors disabled:cursor-not-allowed',
        variants[variant],
        className,
      )}
      {...props}
    />
  )
}
