/** The account a request under the inbox's guard was made by. */
export interface AdminIdentity {
  accountId: number
  email: string
}

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Who is signed in. Set by the guard of the routes that need a session
     * (server/inbox-api.ts) before any of their handlers runs; elsewhere
     * it is null, and no route outside that guard may read it.
     */
    admin: AdminIdentity
  }
}
