import { z } from 'zod'

/**
 * The `params` schema of a route whose `:id` names a row. Ids are bigints; 18
 * digits always fit one, and anything else names no row, so the route answers
 * it 404 with `nothing` (api-error.ts) as it would an id that does not exist.
 */
export const idParams = (nothing: string) =>
  z.strictObject({
    id: z
      .string({ error: nothing })
      .regex(/^[1-9]\d{0,17}$/, { error: nothing })
      .transform(Number),
  })
