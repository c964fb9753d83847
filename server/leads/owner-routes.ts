import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { bulkOwnerSchema, ownerChangeSchema, touchSchema } from '../../common/admin-api-schema.ts'
import { BULK_OWNER_PATH, type BulkOwnerResult } from '../../common/owner-api.ts'
import type { Database } from '../db/database.ts'
import { ApiError } from '../http/api-error.ts'
import { idParams } from '../http/id-param.ts'
import { changeOwner } from '../lead-lifecycle/owner-change.ts'
import { markTouched } from '../lead-lifecycle/touched.ts'
import { getLeadDetail } from './lead-detail.ts'
import { withNewMarks } from './lead-opened.ts'

const NO_SUCH_LEAD = 'no such lead'
const leadParams = idParams(NO_SUCH_LEAD)
const noSuchLead = () => new ApiError(404, NO_SUCH_LEAD)
const noSuchTeammate = () =>
  new ApiError(400, 'owner: there is no such teammate', {
    details: [{ field: 'owner', message: 'there is no such teammate' }],
  })

/**
 * A lead's owner (common/owner-api.ts): given on the lead's page and the board
 * (one lead) or from the list (many), and the contact links' "touched" beacon.
 * Registered beside the lead routes, behind the same session and CSRF guard.
 */
export const ownerRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.put('/leads/:id/owner', { schema: { params: leadParams, body: ownerChangeSchema } }, async (request) => {
    const { id } = request.params
    const moved = await changeOwner(db, { ids: [id], owner: request.body.owner, author: request.admin.email })
    if (moved.outcome === 'no-such-teammate') throw noSuchTeammate()
    const lead = moved.found === 0 ? undefined : await getLeadDetail(db, id)
    if (lead === undefined) throw noSuchLead()
    return (await withNewMarks(db, request.admin.accountId, [lead]))[0]
  })

  app.post(BULK_OWNER_PATH, { schema: { body: bulkOwnerSchema } }, async (request) => {
    const { ids, owner } = request.body
    const moved = await changeOwner(db, { ids, owner, author: request.admin.email })
    if (moved.outcome === 'no-such-teammate') throw noSuchTeammate()
    return { found: moved.found, changed: moved.changed } satisfies BulkOwnerResult
  })

  // The call or email link was tapped: sent with keepalive as the link opens the phone or mail app.
  app.post('/leads/:id/touched', { schema: { params: leadParams, body: touchSchema } }, async (request, reply) => {
    const { id } = request.params
    const [lead] = await db.query('SELECT 1 FROM contact_submissions WHERE id = $1', [id])
    if (lead === undefined) throw noSuchLead()
    await markTouched(db, [id], request.admin.email)
    return reply.code(204).send()
  })
}
