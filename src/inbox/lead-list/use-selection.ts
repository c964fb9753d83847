import { useCallback, useMemo, useState } from 'react'

export interface Selection {
  ids: number[]
  has: (id: number) => boolean
  setMany: (ids: number[], selected: boolean) => void
  clear: () => void
}

const NONE: ReadonlySet<number> = new Set()

/**
 * The leads ticked on the page shown. `view` names the page (its address): in
 * another view, whether another filter, order or page, nothing is selected.
 */
export function useSelection(view: string): Selection {
  const [state, setState] = useState<{ view: string; ids: ReadonlySet<number> }>({ view, ids: NONE })
  const ids = state.view === view ? state.ids : NONE
  const setMany = useCallback(
    (changed: number[], selected: boolean) =>
      setState((current) => {
        const next = new Set(current.view === view ? current.ids : NONE)
        for (const id of changed) {
          if (selected) next.add(id)
          else next.delete(id)
        }
        return { view, ids: next }
      }),
    [view],
  )
  const clear = useCallback(() => setState({ view, ids: NONE }), [view])
  return useMemo(() => ({ ids: [...ids], has: (id: number) => ids.has(id), setMany, clear }), [ids, setMany, clear])
}
