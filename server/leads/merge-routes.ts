import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { mergeSchema } from '../../common/merge-api-schema.ts'
import type { LeadMergeResult } from '../../common/merge-api.ts'
import type { Database } from '../db/database.ts'
import { ApiError } from '../http/api-error.ts'
import { idParams } from '../http/id-param.ts'
import { mergeLeads } from '../lead-lifecycle/merge.ts'

const NO_SUCH_LEAD = 'no such lead'

/**
 * POST /leads/:id/merge (common/merge-api.ts): any signed-in account, the owner
 * or a teammate, with the CSRF token the guarded context checks.
 */
export const mergeRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.post(
    '/leads/:id/merge',
    { schema: { params: idParams(NO_SUCH_LEAD), body: mergeSchema } },
    async (request): Promise<LeadMergeResult> => {
      const { id } = request.params
      const other = request.body.with
      if (id === other) throw new ApiError(400, 'with: a lead cannot be merged with itself')
      const outcome = await mergeLeads(db, id, other, request.admin.email)
      switch (outcome.kind) {
        case 'merged':
          return { survivorId: outcome.survivorId, mergedId: outcome.mergedId }
        case 'missing':
          throw new ApiError(404, NO_SUCH_LEAD)
        case 'merged-already':
          throw new ApiError(409, `Lead ${outcome.id} was merged into lead ${outcome.survivorId} already.`)
        case 'spam':
          throw new ApiError(409, `Lead ${outcome.id} is spam: take it out of spam before merging it.`)
        case 'not-the-same-applicant':
          throw new ApiError(409, 'These leads share neither an email nor a phone number: they are not one applicant.')
      }
    },
  )
}
