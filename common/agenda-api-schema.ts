import { z } from 'zod'

/** GET /api/admin/calls takes no parameters: anything given is a mistake, refused with 400. */
export const agendaQuerySchema = z.strictObject({}, { error: 'the calls agenda takes no parameters' })
