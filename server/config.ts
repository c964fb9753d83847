import { join, resolve } from 'node:path'
import { z } from 'zod'
import { findProjectRoot } from './project-root.ts'

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const

export interface Config {
  port: number
  host: string
  /** Absolute path of the embedded database's files. */
  dataDir: string
  /** Secret that lets operators read submissions; reading is off when unset. */
  serviceRoleKey: string | undefined
  logLevel: (typeof LOG_LEVELS)[number]
  /** Absolute path of the built site (index.html and assets/). */
  webRoot: string
}

// `FOO=` in a .env file or a compose file means "not set", not "the empty string".
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional())

const envSchema = z.object({
  PORT: optional(
    z
      .string()
      .regex(/^\d{1,5}$/, 'must be a whole number from 0 to 65535')
      .transform(Number)
      .refine((port) => port <= 65535, 'must be a whole number from 0 to 65535'),
  ),
  HOST: optional(z.string()),
  DATA_DIR: optional(z.string()),
  // Never put the value in a message: it is a secret.
  SERVICE_ROLE_KEY: optional(z.string().min(16, 'must be at least 16 characters long')),
  LOG_LEVEL: optional(z.enum(LOG_LEVELS, `must be one of ${LOG_LEVELS.join(', ')}`)),
  WEB_ROOT: optional(z.string()),
})

/** Reads the server's settings once at start; throws naming every bad variable. */
export function parseConfig(env: NodeJS.ProcessEnv): Config {
  const result = envSchema.safeParse(env)
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`)
  }
  const vars = result.data
  return {
    port: vars.PORT ?? 8080,
    host: vars.HOST ?? 'localhost',
    dataDir: resolve(vars.DATA_DIR ?? './data'),
    serviceRoleKey: vars.SERVICE_ROLE_KEY,
    logLevel: vars.LOG_LEVEL ?? 'info',
    webRoot: vars.WEB_ROOT ? resolve(vars.WEB_ROOT) : join(findProjectRoot(), 'dist', 'web'),
  }
}

/** For command-line entry points: a bad setting is the operator's to fix, not a crash. */
export function parseConfigOrExit(env: NodeJS.ProcessEnv): Config {
  try {
    return parseConfig(env)
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`)
    process.exit(1)
  }
}
