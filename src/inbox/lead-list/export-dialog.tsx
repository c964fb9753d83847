import { useId, useState } from 'react'
import type { LeadListQuery } from '../../../common/admin-api-schema.ts'
import { EXPORT_MODES, type ExportMode } from '../../../common/export-options.ts'
import { EXPORT_FORMATS } from '../../../common/lead-list-api.ts'
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '../../components/ui/dialog.tsx'
import { fieldClassName } from '../../components/ui/input.tsx'
import { cn } from '../../lib/cn.ts'
import { inboxCopy } from '../content/inbox-copy.ts'
import { toolsCopy } from '../content/inbox-tools-copy.ts'
import { exportPath } from '../leads-shared/list-query.ts'
import { Field } from '../ui/field.tsx'
import { inboxTimeZone } from '../ui/format.ts'
import { Notice } from '../ui/notice.tsx'
import { timeZoneChoices } from './time-zones.ts'

const copy = toolsCopy.exportView
const modeCopy: Record<ExportMode, { label: string; hint: string }> = {
  spreadsheet: { label: copy.spreadsheet, hint: copy.spreadsheetHint },
  crm: { label: copy.crm, hint: copy.crmHint },
}
const pill =
  'inline-flex min-h-11 items-center rounded-full px-4 font-semibold whitespace-nowrap ring-1 ring-ink/25 hover:bg-ink/5'

interface ExportDialogProps {
  query: LeadListQuery
  /** The words of its button, title and introduction: those of "Export this view" unless given. */
  words?: { open: string; title: string; intro: string }
  className?: string
}

/** "Export this view": who the file is for (a spreadsheet, guarded; a CRM, plain) and the zone of its times, then the downloads. */
export function ExportDialog({ query, words = copy, className }: ExportDialogProps) {
  const ids = useId()
  const [mode, setMode] = useState<ExportMode>('spreadsheet')
  const [zone, setZone] = useState(inboxTimeZone)
  return (
    <Dialog>
      <div className={className}>
        <DialogTrigger className={pill}>{words.open}</DialogTrigger>
      </div>
      <DialogContent closeLabel={inboxCopy.detail.close}>
        <DialogTitle className="pr-10 text-xl font-bold">{words.title}</DialogTitle>
        <DialogDescription className="mt-2">{words.intro}</DialogDescription>
        <fieldset className="mt-4 flex flex-col gap-2">
          <legend className="text-sm font-semibold">{copy.madeFor}</legend>
          {EXPORT_MODES.map((value) => (
            <div key={value} className="flex items-start gap-3 rounded-lg p-2 hover:bg-ink/5">
              <input
                type="radio"
                id={`${ids}-${value}`}
                name={`${ids}-mode`}
                value={value}
                checked={mode === value}
                onChange={() => setMode(value)}
                aria-describedby={`${ids}-${value}-hint`}
                className="mt-1 size-5 shrink-0 accent-ink"
              />
              <div>
                <label htmlFor={`${ids}-${value}`} className="font-semibold">
                  {modeCopy[value].label}
                </label>
                <p id={`${ids}-${value}-hint`} className="text-sm text-ink/75">
                  {modeCopy[value].hint}
                </p>
              </div>
            </div>
          ))}
        </fieldset>
        {mode === 'crm' && (
          <Notice tone="warning" className="mt-2">
            {copy.crmWarning}
          </Notice>
        )}
        <Field label={copy.timeZone} hint={copy.timeZoneHint} className="mt-4">
          {({ id, describedBy }) => (
            <select
              id={id}
              aria-describedby={describedBy}
              value={zone}
              onChange={(event) => setZone(event.target.value)}
              className={cn(fieldClassName, 'py-2')}
            >
              {timeZoneChoices(zone).map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <nav aria-label={copy.downloads} className="mt-6 flex flex-wrap gap-3">
          {EXPORT_FORMATS.map((format) => (
            <a key={format} href={exportPath(query, format, { mode, tz: zone })} download className={pill}>
              {inboxCopy.filters.exportAs(format)}
            </a>
          ))}
        </nav>
      </DialogContent>
    </Dialog>
  )
}
