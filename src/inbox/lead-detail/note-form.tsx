import { useState, type FormEvent } from 'react'
import { NOTE_MAX_LENGTH } from '../../../common/lead-page-api.ts'
import { Button } from '../../components/ui/button.tsx'
import { Textarea } from '../../components/ui/input.tsx'
import { useAddNote } from '../api/leads.ts'
import { inboxCopy } from '../content/inbox-copy.ts'
import { Field } from '../ui/field.tsx'
import { Notice } from '../ui/notice.tsx'

const copy = inboxCopy.detail

/** A note about the lead; once saved it tops the timeline, as plain text (React escapes it). */
export function NoteForm({ leadId }: { leadId: number }) {
  const addNote = useAddNote()
  const [draft, setDraft] = useState('')
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!draft.trim() || addNote.isPending) return
    addNote.mutate({ id: leadId, body: draft }, { onSuccess: () => setDraft('') })
  }
  return (
    <form onSubmit={submit} className="flex flex-col gap-2">
      <Field label={copy.newNote}>
        {({ id }) => (
          <Textarea
            id={id}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            maxLength={NOTE_MAX_LENGTH}
            required
            className="min-h-16 sm:min-h-20"
          />
        )}
      </Field>
      <div>
        <Button type="submit" aria-disabled={addNote.isPending} className="min-h-11">
          {addNote.isPending ? copy.addingNote : copy.addNote}
        </Button>
      </div>
      {addNote.isSuccess && <Notice tone="success">{copy.noteAdded}</Notice>}
      {addNote.isError && <Notice tone="error">{copy.noteFailed}</Notice>}
    </form>
  )
}
