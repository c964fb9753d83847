import { useId, useRef, useState, type FormEvent } from 'react'
import { Button } from '../../components/ui/button.tsx'
import { AdminApiError } from '../api/inbox-fetch.ts'
import { useImportSpend } from '../api/spend.ts'
import { spendCopy } from '../content/spend-copy.ts'
import { Notice } from '../ui/notice.tsx'

const copy = spendCopy.import

/** A file's text through FileReader, which every browser (and jsdom) has; Blob.text() is younger. */
const readText = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result))
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'))
    reader.readAsText(file)
  })

/**
 * Imports a CSV of spend in one go: the server refuses the whole file for
 * one bad row and names its line, which is shown as it said it.
 */
export function SpendImport() {
  const fileRef = useRef<HTMLInputElement>(null)
  const [missing, setMissing] = useState(false)
  const spendImport = useImportSpend()
  const fileId = useId()
  const send = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const file = fileRef.current?.files?.[0]
    setMissing(file === undefined)
    if (file === undefined || spendImport.isPending) return
    void readText(file).then(
      (csv) => spendImport.mutate(csv),
      () => setMissing(true),
    )
  }
  const error = spendImport.error
  const refusal = error instanceof AdminApiError ? error.serverMessage : undefined
  const result = spendImport.data
  return (
    <form aria-label={copy.title} onSubmit={send} className="flex flex-col gap-3">
      <p className="max-w-prose text-sm text-ink/80">{copy.intro}</p>
      <div className="flex flex-col gap-1">
        <label htmlFor={fileId} className="text-sm font-semibold">
          {copy.file}
        </label>
        <input
          ref={fileRef}
          id={fileId}
          type="file"
          accept=".csv,text/csv"
          onChange={() => {
            setMissing(false)
            spendImport.reset()
          }}
          className="min-h-11 max-w-full text-sm file:mr-3 file:min-h-11 file:rounded-full file:border-0 file:bg-ink/10 file:px-4 file:font-semibold"
        />
      </div>
      <div>
        <Button type="submit" variant="secondary" aria-disabled={spendImport.isPending}>
          {spendImport.isPending ? copy.submitting : copy.submit}
        </Button>
      </div>
      {missing && <Notice tone="error">{copy.noFile}</Notice>}
      {result && !spendImport.isError && <Notice tone="success">{copy.done(result.imported, result.replaced)}</Notice>}
      {spendImport.isError && (
        <Notice tone="error">
          {copy.refused}
          {refusal && ` ${spendCopy.serverSays(refusal)}`}
        </Notice>
      )}
    </form>
  )
}
