import { PASSWORD_MIN_LENGTH } from '../../../common/session-api.ts'
import { Input } from '../../components/ui/input.tsx'
import { Field } from '../ui/field.tsx'
import { Notice } from '../ui/notice.tsx'

/** The form fields' names: read back with `newPasswordOf`. */
const NEW = 'new-password'
const AGAIN = 'new-password-again'

interface NewPasswordFieldsProps {
  label: string
  hint: string
  againLabel: string
  /** Shown under the fields when the two differ. */
  mismatchMessage: string
  mismatch: boolean
}

/** A new password typed twice, as password managers expect it: the minimum length checked by the browser first. */
export function NewPasswordFields({ label, hint, againLabel, mismatchMessage, mismatch }: NewPasswordFieldsProps) {
  return (
    <>
      <Field label={label} hint={hint}>
        {({ id, describedBy }) => (
          <Input
            id={id}
            name={NEW}
            type="password"
            autoComplete="new-password"
            minLength={PASSWORD_MIN_LENGTH}
            aria-describedby={describedBy}
            required
          />
        )}
      </Field>
      <Field label={againLabel}>
        {({ id }) => (
          <Input
            id={id}
            name={AGAIN}
            type="password"
            autoComplete="new-password"
            aria-invalid={mismatch || undefined}
            required
          />
        )}
      </Field>
      {mismatch && <Notice tone="error">{mismatchMessage}</Notice>}
    </>
  )
}

/** The new password from a form holding NewPasswordFields, or null when its two copies differ. */
export function newPasswordOf(form: FormData): string | null {
  const password = String(form.get(NEW) ?? '')
  return password === String(form.get(AGAIN) ?? '') ? password : null
}
