import type { LeadListQuery } from '../../common/admin-api-schema.ts'
import { ApiError } from '../http/api-error.ts'
import { parseLeadQuery } from '../leads/lead-filter.ts'

/** What the list says of `query`: 'accepted', the message of its 400, or 'not a 400' for any other refusal. */
export function leadQueryRefusal(query: LeadListQuery): string {
  try {
    parseLeadQuery(query)
  } catch (error) {
    return error instanceof ApiError && error.statusCode === 400 ? error.message : 'not a 400'
  }
  return 'accepted'
}
