import { useState } from 'react'

export type CopyState = 'idle' | 'copied' | 'failed'

/** The older way: select the text in a text area of its own and run the copy command (deprecated, but all some browsers have). */
function copyBySelection(text: string): boolean {
  const area = document.createElement('textarea')
  area.value = text
  area.readOnly = true
  area.className = 'sr-only'
  document.body.append(area)
  area.select()
  try {
    return document.execCommand('copy')
  } catch {
    return false
  } finally {
    area.remove()
  }
}

/**
 * Copies text with the Clipboard API; where there is none (an insecure
 * context) or it is refused, by selection. When both fail the state is
 * 'failed', for the caller to offer the text to copy by hand.
 */
export function useCopyText() {
  const [state, setState] = useState<CopyState>('idle')
  const copy = async (text: string) => {
    try {
      if (typeof navigator.clipboard?.writeText !== 'function') throw new Error('no Clipboard API')
      await navigator.clipboard.writeText(text)
      setState('copied')
    } catch {
      setState(copyBySelection(text) ? 'copied' : 'failed')
    }
  }
  return { state, copy }
}
