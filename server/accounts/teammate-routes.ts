import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { teammateAddSchema } from '../../common/account-api-schema.ts'
import type { AccountRole, TeamList, Teammate, TeammateAdded } from '../../common/account-api.ts'
import { newLeadsTakerSchema } from '../../common/admin-api-schema.ts'
import { recordAudit } from '../db/audit.ts'
import type { Database, Queryable, Row } from '../db/database.ts'
import { isPostgresError } from '../db/database.ts'
import { ApiError } from '../http/api-error.ts'
import { idParams } from '../http/id-param.ts'
import { AccountError, checkEmail } from './accounts.ts'
import { createSetupToken } from './setup-tokens.ts'

interface TeammateRow extends Row {
  id: number | string
  email: string
  role: AccountRole
  created_at: Date | string
  pending: boolean
  takes_new_leads: boolean
}

const NO_SUCH_TEAMMATE = 'There is no such teammate.'

const TEAMMATE_COLUMNS = 'id, email, role, created_at, password_hash IS NULL AS pending, takes_new_leads'

const teammateOf = (row: TeammateRow, accountId: number): Teammate => ({
  id: Number(row.id),
  email: row.email,
  role: row.role,
  addedAt: new Date(row.created_at).toISOString(),
  state: row.pending ? 'pending' : 'active',
  you: Number(row.id) === accountId,
  takesNewLeads: row.takes_new_leads,
})

async function roleOf(db: Queryable, accountId: number): Promise<AccountRole> {
  const [row] = await db.query<{ role: AccountRole }>('SELECT role FROM admin_accounts WHERE id = $1', [accountId])
  if (!row) throw new ApiError(401, 'This account no longer exists.')
  return row.role
}

/** Refuses a member: only the owner changes who is on the team. */
async function requireOwner(db: Queryable, accountId: number) {
  if ((await roleOf(db, accountId)) !== 'owner')
    throw new ApiError(403, 'Only the inbox’s owner can add or remove teammates.')
}

/**
 * The team, behind the guard: everyone sees it; the owner adds a teammate
 * (an account without a password, and a set-up link to pass on) and removes
 * one, which ends their sessions. Each change is audited.
 */
export const teammateRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get('/teammates', async (request): Promise<TeamList> => {
    const { accountId } = request.admin
    const rows = await db.query<TeammateRow>(
      `SELECT ${TEAMMATE_COLUMNS} FROM admin_accounts ORDER BY role = 'owner' DESC, created_at, id`,
    )
    return {
      canManage: (await roleOf(db, accountId)) === 'owner',
      teammates: rows.map((row) => teammateOf(row, accountId)),
    }
  })

  app.post('/teammates', { schema: { body: teammateAddSchema } }, async (request, reply) => {
    const { accountId, email: owner } = request.admin
    await requireOwner(db, accountId)
    let address: string
    try {
      address = checkEmail(request.body.email)
    } catch (error) {
      if (error instanceof AccountError) throw new ApiError(400, error.message)
      throw error
    }
    try {
      const added = await db.transaction(async (tx) => {
        const [row] = await tx.query<TeammateRow>(
          `INSERT INTO admin_accounts (email) VALUES ($1) RETURNING ${TEAMMATE_COLUMNS}`,
          [address],
        )
        if (!row) throw new Error('INSERT … RETURNING returned no row')
        const { token, expiresAt } = await createSetupToken(tx, Number(row.id))
        await recordAudit(tx, { actor: owner, action: 'account.add', detail: { email: address } })
        const answer: TeammateAdded = {
          teammate: teammateOf(row, accountId),
          setupToken: token,
          expiresAt: expiresAt.toISOString(),
        }
        return answer
      })
      return reply.code(201).send(added)
    } catch (error) {
      if (isPostgresError(error) && error.code === '23505')
        throw new ApiError(409, `There is already an account for ${address}.`)
      throw error
    }
  })

  // Who receives new leads in turn (migrations/024): the owner's choice, kept in the database for every instance.
  app.put(
    '/teammates/:id/new-leads',
    { schema: { params: idParams(NO_SUCH_TEAMMATE), body: newLeadsTakerSchema } },
    async (request, reply) => {
      const { accountId, email: owner } = request.admin
      await requireOwner(db, accountId)
      const { takesNewLeads } = request.body
      await db.transaction(async (tx) => {
        const [changed] = await tx.query<{ email: string }>(
          'UPDATE admin_accounts SET takes_new_leads = $2 WHERE id = $1 RETURNING email',
          [request.params.id, takesNewLeads],
        )
        if (!changed) throw new ApiError(404, NO_SUCH_TEAMMATE)
        await recordAudit(tx, {
          actor: owner,
          action: 'account.new-leads',
          detail: { email: changed.email, takesNewLeads },
        })
      })
      return reply.code(204).send()
    },
  )

  app.delete('/teammates/:id', { schema: { params: idParams(NO_SUCH_TEAMMATE) } }, async (request, reply) => {
    const { accountId, email: owner } = request.admin
    const { id } = request.params
    await requireOwner(db, accountId)
    if (id === accountId) throw new ApiError(409, 'You cannot remove your own account: you are the inbox’s owner.')
    await db.transaction(async (tx) => {
      // Their sessions and set-up links go with the account (the foreign keys cascade).
      const [removed] = await tx.query<{ email: string }>(
        "DELETE FROM admin_accounts WHERE id = $1 AND role = 'member' RETURNING email",
        [id],
      )
      if (!removed) throw new ApiError(404, NO_SUCH_TEAMMATE)
      await recordAudit(tx, { actor: owner, action: 'account.remove', detail: { email: removed.email } })
    })
    return reply.code(204).send()
  })
}
