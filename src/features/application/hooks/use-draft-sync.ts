import { useEffect, useRef, type Dispatch } from 'react'
import { randomUuid } from '../../../lib/random-uuid.ts'
import type { Draft, DraftStore } from '../draft/draft-store.ts'
import type { WizardAction } from '../wizard/application-wizard-reducer.ts'

interface DraftSyncOptions {
  draft: DraftStore
  /** The draft as read when the application first rendered. */
  kept: Draft | null
  /** Where another tab's changes to the draft go. */
  dispatch: Dispatch<WizardAction>
}

/**
 * Keeps the application and this device's draft in step, both ways: what is
 * typed here is saved, and what another tab saves or clears shows here.
 */
export function useDraftSync({ draft, kept, dispatch }: DraftSyncOptions) {
  // Kept through failed attempts, manual resubmits and, with the draft, reloads, so an
  // application the server stored but whose answer got lost is recognised instead of stored twice.
  const submissionId = useRef<string | null>(kept?.submissionId ?? null)
  // Another tab's last write wins here too, except over an application on its
  // way, which is sent as it was.
  const sending = useRef(false)

  useEffect(
    () =>
      draft.subscribe((changed) => {
        if (sending.current) return
        submissionId.current = changed?.submissionId ?? null
        dispatch({ type: 'synced', answers: changed?.answers ?? null })
      }),
    [draft, dispatch],
  )

  return {
    /**
     * Keeps a changed answer. It makes a new application: were the old one stored
     * unseen, the edit is kept as a row of its own rather than dismissed as a duplicate.
     */
    saveAnswer(field: string, value: string) {
      submissionId.current = null
      draft.saveAnswer(field, value)
    },
    saveStep(index: number) {
      draft.saveStep(index)
    },
    /** Forgets the application on the device: started over, or stored. */
    clear() {
      draft.clear()
      submissionId.current = null
    },
    /** The submission id to send under, kept on the device first; other tabs wait until the sending ends. */
    startSending(): string {
      sending.current = true
      const id = (submissionId.current ??= randomUuid())
      draft.saveSubmissionId(id)
      return id
    },
    endSending() {
      sending.current = false
    },
  }
}

export type DraftSync = ReturnType<typeof useDraftSync>
