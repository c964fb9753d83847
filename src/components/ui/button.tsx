import type { ComponentProps } from 'react'
import { cn } from '../../lib/cn.ts'

const variants = {
  primary: 'bg-gold text-ink shadow-lg shadow-gold/20 hover:bg-gold-strong disabled:bg-gold/60 disabled:shadow-none',
  secondary: 'bg-transparent text-ink ring-1 ring-ink/25 hover:bg-ink/5 disabled:text-ink/40 disabled:ring-ink/10',
} as const

// 'large' is 'Apply Now', and what stands in its place while it loads or when it cannot.
const sizes = {
  normal: 'min-h-12 px-6',
  large: 'min-h-16 px-10 text-xl',
} as const

interface ButtonProps extends ComponentProps<'button'> {
  variant?: keyof typeof variants
  size?: keyof typeof sizes
}

export function Button({ variant = 'primary', size = 'normal', className, type = 'button', ...props }: ButtonProps) {
  return (
    <button
      type={type}
      className={cn(
        'inline-flex items-center justify-center rounded-full font-bold transition-colors disabled:cursor-not-allowed',
        sizes[size],
        variants[variant],
        className,
      )}
      {...props}
    />
  )
}
