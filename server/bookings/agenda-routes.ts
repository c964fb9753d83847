import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { agendaQuerySchema } from '../../common/agenda-api-schema.ts'
import { AGENDA_PATH, type Agenda } from '../../common/agenda-api.ts'
import type { Database } from '../db/database.ts'
import { readAgenda } from './agenda.ts'

export interface AgendaRoutesOptions {
  db: Database
  /** TIMEZONE: the agency's zone, whose days the sections are. */
  timeZone: string
}

/** The calls agenda (common/agenda-api.ts), registered under /api/admin where the session is checked. */
export const agendaRoutes: FastifyPluginAsyncZod<AgendaRoutesOptions> = async (app, { db, timeZone }) => {
  app.get(AGENDA_PATH, { schema: { querystring: agendaQuerySchema } }, async (): Promise<Agenda> => {
    return readAgenda(db, timeZone)
  })
}
