import { existsSync } from 'node:fs'
import { configSchema, type Config } from './config/schema.ts'
export type { ConversionsConfig, GoogleAdsConfig, MetaConfig, TiktokConfig } from './config/conversions-vars.ts'

export { decodeWebhookSecret } from './config/fields.ts'
export type {
  AnalyticsConfig,
  BackupConfig,
  Config,
  EmailConfig,
  FollowUpConfig,
  NotificationConfig,
} from './config/schema.ts'

/** Reads the server's settings once at start; throws naming every bad variable. */
export function parseConfig(env: NodeJS.ProcessEnv): Config {
  const result = configSchema.safeParse(env)
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`)
  }
  return result.data
}

/**
 * For the command-line entry points (server, migrate, export): the environment,
 * with a `.env` file in the working directory filling in what it does not set.
 */
export function loadConfigOrExit(): Config {
  if (existsSync('.env')) process.loadEnvFile('.env')
  return parseConfigOrExit(process.env)
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
