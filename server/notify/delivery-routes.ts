import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Database } from '../db/database.ts'
import { ApiError } from '../http/api-error.ts'
import { idParams } from '../http/id-param.ts'
import { type Notifications, wakeAfterSuccess } from './notifications.ts'
import { resendDelivery } from './resend.ts'

export interface DeliveryRouteOptions {
  db: Database
  notifications: Notifications
}

/**
 * The lead detail's resend button (POST /api/admin/deliveries/:id/resend),
 * registered under /api/admin in the context that has already checked the
 * session and the CSRF token. The notifier wakes after its 204.
 */
export const deliveryRoutes: FastifyPluginAsyncZod<DeliveryRouteOptions> = async (app, { db, notifications }) => {
  const NO_SUCH_DELIVERY = 'no such delivery'
  const options = { schema: { params: idParams(NO_SUCH_DELIVERY) }, onResponse: wakeAfterSuccess(notifications) }
  app.post('/deliveries/:id/resend', options, async (request, reply) => {
    if (!(await resendDelivery(db, request.params.id))) throw new ApiError(404, NO_SUCH_DELIVERY)
    return reply.code(204).send()
  })
}
