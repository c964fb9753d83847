import { OWNER_FILTERS, type OwnerFilter } from '../../../common/owner-api.ts'
import { fieldClassName } from '../../components/ui/input.tsx'
import { ownerCopy } from '../content/owner-copy.ts'
import { Field } from '../ui/field.tsx'

/** The filter form's "Owner": anyone, mine, or unassigned, held in the address like the other filters. */
export function OwnerFilterField({ owner, onChange }: { owner: OwnerFilter | undefined; onChange: () => void }) {
  return (
    <Field label={ownerCopy.filter}>
      {({ id }) => (
        <select id={id} name="owner" defaultValue={owner ?? ''} onChange={onChange} className={fieldClassName}>
          <option value="">{ownerCopy.filters.any}</option>
          {OWNER_FILTERS.map((filter) => (
            <option key={filter} value={filter}>
              {ownerCopy.filters[filter]}
            </option>
          ))}
        </select>
      )}
    </Field>
  )
}
