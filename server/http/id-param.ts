import { z } from 'zod'

/**
 * The `:id` of an inbox route. Ids are bigints; 18 digits always fit one, and
 * anything else names no row, so a route answers it 404 as it would an id
 * that does not exist.
 */
export const idSchema = z.strictObject({
  id: z
    .string()
    .regex(/^[1-9]\d{0,17}$/, 'must be a positive whole number')
    .transform(Number),
})
