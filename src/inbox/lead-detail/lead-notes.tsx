import { useState, type FormEvent } from 'react'
import { NOTE_MAX_LENGTH, type LeadNote } from '../../../common/admin-api.ts'
import { Button } from '../../components/ui/button.tsx'
import { Textarea } from '../../components/ui/input.tsx'
import { useAddNote } from '../api/leads.ts'
import { inboxCopy } from '../content/inbox-copy.ts'
import { formatDateTime } from '../format.ts'
import { Field } from '../shell/field.tsx'
import { Notice } from '../shell/notice.tsx'

const copy = inboxCopy.detail

/** The notes, oldest first, as plain text (React escapes them), and a form for another. */
export function LeadNotes({ leadId, notes }: { leadId: number; notes: LeadNote[] }) {
  const addNote = useAddNote()
  const [draft, setDraft] = useState('')
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!draft.trim() || addNote.isPending) return
    addNote.mutate({ id: leadId, body: draft }, { onSuccess: () => setDraft('') })
  }
  return (
    <>
      {notes.length === 0 ? (
        <p>{copy.noNotes}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {notes.map((note) => (
            <li key={note.id} className="rounded-xl bg-ink/5 p-3">
              <p className="whitespace-pre-wrap break-words">{note.body}</p>
              <p className="mt-1 text-sm text-ink/75">{copy.by(note.author, formatDateTime(note.at))}</p>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={submit} className="mt-4 flex flex-col gap-3">
        <Field label={copy.newNote}>
          {({ id }) => (
            <Textarea
              id={id}
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              maxLength={NOTE_MAX_LENGTH}
              required
              className="min-h-24"
            />
          )}
        </Field>
        <div>
          <Button type="submit" aria-disabled={addNote.isPending}>
            {addNote.isPending ? copy.addingNote : copy.addNote}
          </Button>
        </div>
        {addNote.isSuccess && <Notice tone="success">{copy.noteAdded}</Notice>}
        {addNote.isError && <Notice tone="error">{copy.noteFailed}</Notice>}
      </form>
    </>
  )
}
