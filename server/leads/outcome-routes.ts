import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { OUTCOME_SETTINGS_PATH, type OutcomeSettings } from '../../common/lead-outcome-api.ts'
import { outcomeInputSchema, type OutcomeBody } from '../../common/lead-outcome-schema.ts'
import { toMinorUnits } from '../../common/money.ts'
import type { Database } from '../db/database.ts'
import { ApiError } from '../http/api-error.ts'
import { idParams } from '../http/id-param.ts'
import { recordOutcome, type OutcomeEntry } from '../lead-lifecycle/outcome.ts'
import { type Notifications, wakeAfterSuccess } from '../notify/notifications.ts'

export interface OutcomeRouteOptions {
  db: Database
  /** A won or lost deal is news (lead.won, lead.lost), queued with it. */
  notifications: Notifications
  /** CURRENCY and LOST_REASONS: what the outcome form offers and accepts. */
  outcomes: OutcomeSettings
}

const NO_SUCH_LEAD = 'no such lead'

/** The outcome as recorded: a won amount in minor units; a 400 for what the settings refuse. */
function outcomeEntry(body: OutcomeBody, settings: OutcomeSettings, id: number, author: string): OutcomeEntry {
  const base = { applicationId: id, outcome: body.outcome, author }
  if (body.outcome === 'won') {
    const currency = body.currency ?? settings.currency
    const amountMinor = toMinorUnits(body.amount, currency)
    if (amountMinor === undefined)
      throw new ApiError(400, `amount: ${currency} takes fewer decimals than ${JSON.stringify(body.amount)} has`, {
        details: [{ field: 'amount', message: `${currency} takes fewer decimals` }],
      })
    return { ...base, won: { amountMinor, currency } }
  }
  if (body.outcome === 'lost') {
    if (!settings.lostReasons.includes(body.lostReason))
      throw new ApiError(400, `lostReason must be one of ${settings.lostReasons.join(', ')}`, {
        details: [{ field: 'lostReason', message: 'choose one of the reasons offered' }],
      })
    return { ...base, lost: { reason: body.lostReason, note: body.note === '' ? undefined : body.note } }
  }
  return base
}

/** The outcome after a call (ADR 040): the form's settings, and entering or correcting one. */
export const outcomeRoutes: FastifyPluginAsyncZod<OutcomeRouteOptions> = async (
  app,
  { db, notifications, outcomes },
) => {
  app.get(OUTCOME_SETTINGS_PATH, async () => outcomes satisfies OutcomeSettings)

  // The notifier is woken once answered.
  app.post(
    '/leads/:id/outcome',
    {
      schema: { params: idParams(NO_SUCH_LEAD), body: outcomeInputSchema },
      onResponse: wakeAfterSuccess(notifications),
    },
    async (request, reply) => {
      const entry = outcomeEntry(request.body, outcomes, request.params.id, request.admin.email)
      const outcome = await recordOutcome(db, notifications, entry)
      if (outcome === undefined) throw new ApiError(404, NO_SUCH_LEAD)
      return reply.code(201).send(outcome)
    },
  )
}
