import type { FastifyPluginAsync } from 'fastify'
import type { Database } from '../db/database.ts'
import { ApiError } from '../http/api-error.ts'
import { idSchema } from '../http/id-param.ts'
import { type Notifications, wakeAfterSuccess } from './notifications.ts'
import { resendDelivery } from './resend.ts'

export interface AdminDeliveryRouteOptions {
  db: Database
  notifications: Notifications
}

/**
 * The lead detail's resend button (POST /api/admin/deliveries/:id/resend),
 * registered under /api/admin in the context that has already checked the
 * session and the CSRF token. The notifier wakes after its 204.
 */
export const adminDeliveryRoutes: FastifyPluginAsync<AdminDeliveryRouteOptions> = async (app, { db, notifications }) => {
  app.post('/deliveries/:id/resend', { onResponse: wakeAfterSuccess(notifications) }, async (request, reply) => {
    const params = idSchema.safeParse(request.params)
    if (!params.success || !(await resendDelivery(db, params.data.id))) throw new ApiError(404, 'no such delivery')
    return reply.code(204).send()
  })
}
