import { useRef } from 'react'
import { toast } from 'sonner'

interface ToastText {
  title: string
  description: string
}

/**
 * A destructive toast that a repeat replaces instead of stacking a copy.
 * Each showing gets a fresh id: sonner merges a toast into a leaving one of
 * the same id and then removes both, so a fixed id could swallow the repeat.
 */
export function useReplacingErrorToast({ title, description }: ToastText) {
  const shown = useRef<string | number | null>(null)
  const dismiss = () => {
    if (shown.current !== null) toast.dismiss(shown.current)
    shown.current = null
  }
  const show = () => {
    dismiss()
    shown.current = toast.error(title, { description })
  }
  return { show, dismiss }
}
