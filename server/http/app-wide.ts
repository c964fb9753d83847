import type { FastifyPluginAsync } from 'fastify'

/**
 * `plugin`, marked to run in the context it is registered in rather than one
 * of its own (Fastify's 'skip-override', which fastify-plugin sets): for the
 * hooks that every answer of the app needs, such as its headers. Register it
 * before the plugins whose answers it must reach: a context takes its parent's
 * hooks as it is made.
 */
export function appWide<Options extends Record<string, unknown> = Record<never, never>>(
  plugin: FastifyPluginAsync<Options>,
): FastifyPluginAsync<Options> {
  return Object.assign(plugin, { [Symbol.for('skip-override')]: true })
}
