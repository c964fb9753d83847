import { defineConfig, mergeConfig } from 'vitest/config'
import viteConfig from './vite.config.ts'

// Merged over the page's Vite configuration so that the web project, which
// extends it, compiles components with the plugins the build uses.
export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      projects: [
        {
          extends: true,
          test: {
            name: 'web',
            environment: 'jsdom',
            include: ['src/**/*.test.{ts,tsx}', 'common/**/*.test.ts'],
            setupFiles: ['src/testing/setup-tests.ts'],
            globals: true,
            // A wizard typed through question by question takes 1–2 s in jsdom on a quiet machine, and
            // over 5 s (Vitest's default limit) on a busy one: the limit is for a test that hangs.
            testTimeout: 30_000,
          },
        },
        // Build tools, and the benchmarks' bookkeeping, whose pieces can be tried without a build.
        {
          test: {
            name: 'scripts',
            environment: 'node',
            include: ['scripts/**/*.test.ts', 'bench/support/**/*.test.ts'],
          },
        },
        serverProject('server', 'pglite'),
        // The same server tests against a real PostgreSQL server that global
        // setup starts (Debian's postgresql package, or PG_BIN).
        serverProject('server-postgres', 'postgres'),
      ],
    },
  }),
)

/** The server tests, run once per database they support. */
function serverProject(name: string, database: 'pglite' | 'postgres') {
  return {
    test: {
      name,
      environment: 'node',
      include: ['server/**/*.test.ts'],
      setupFiles: ['server/testing/setup-tests.ts'],
      globalSetup: [`server/testing/${database}-global-setup.ts`],
      env: { TEST_DATABASE: database },
      testTimeout: 60_000,
      hookTimeout: 120_000,
    },
  }
}
