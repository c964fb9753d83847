import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { testEventParams } from '../../common/conversions-api-schema.ts'
import { CONVERSION_PLATFORMS_PATH, type TestEventAnswer } from '../../common/conversions-api.ts'
import { recordAudit } from '../db/audit.ts'
import type { Database } from '../db/database.ts'
import { ApiError } from '../http/api-error.ts'
import { idParams } from '../http/id-param.ts'
import type { TestEventSender } from './ports.ts'
import { leadConversions, platformStatuses, resendConversion } from './read-model.ts'

const NO_SUCH_LEAD = 'no such lead'
const NOT_RESENDABLE = 'no failed or expired conversion with this id'

/**
 * The inbox's reads of the conversions (ADR 048), registered under /api/admin
 * in the context that has checked the session, and for the resend its CSRF
 * token: each platform's state, a lead's rows, and Resend for a failed one,
 * audited in the transaction that makes it due; and the Integrations panel's
 * test event, sent through `testEvents` and audited with what became of it.
 */
export const conversionRoutes: FastifyPluginAsyncZod<{ db: Database; testEvents: TestEventSender }> = async (
  app,
  { db, testEvents },
) => {
  app.get(CONVERSION_PLATFORMS_PATH, async () => platformStatuses(db))

  app.get('/leads/:id/conversions', { schema: { params: idParams(NO_SUCH_LEAD) } }, async (request) => {
    const { id } = request.params
    // A spam entry's page reads it too: it has no rows (only leads get them), so it answers none.
    const found = await db.query('SELECT 1 FROM contact_submissions WHERE id = $1', [id])
    if (found.length === 0) throw new ApiError(404, NO_SUCH_LEAD)
    return leadConversions(db, id)
  })

  app.post('/conversions/:id/resend', { schema: { params: idParams(NOT_RESENDABLE) } }, async (request, reply) => {
    const resent = await db.transaction(async (tx) => {
      const row = await resendConversion(tx, request.params.id)
      if (row !== undefined)
        await recordAudit(tx, {
          actor: request.admin.email,
          action: 'conversion.resend',
          leadId: row.applicationId,
          detail: { conversion: request.params.id, platform: row.platform, stage: row.stage, kind: row.kind },
        })
      return row
    })
    if (resent === undefined) throw new ApiError(404, NOT_RESENDABLE)
    return reply.code(204).send()
  })

  app.post('/conversions/platforms/:platform/test', { schema: { params: testEventParams } }, async (request) => {
    const { platform } = request.params
    const result = await testEvents.sendTestEvent(platform)
    const answer: TestEventAnswer = {
      platform,
      status: result.status,
      traceId: result.status === 'sent' ? (result.traceId ?? null) : null,
      reason: result.status === 'sent' ? null : result.reason,
    }
    // Audited once it is known: the event has left by then, whatever the answer says.
    await recordAudit(db, {
      actor: request.admin.email,
      action: 'conversion.test',
      detail: { platform, status: answer.status },
    })
    return answer
  })
}
