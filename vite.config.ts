import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, loadEnv } from 'vite'
import { DEFAULT_VIDEO_URL } from './common/site-defaults.ts'
import { parsePublicEnv } from './src/config/public-env.ts'

export default defineConfig(({ mode }) => {
  const env = parsePublicEnv(loadEnv(mode, process.cwd(), 'VITE_'))
  const videoOrigin = new URL(env.VITE_VIDEO_URL || DEFAULT_VIDEO_URL).origin
  return {
    plugins: [
      react(),
      tailwindcss(),
      {
        // The video's host is known at build time: open the connection while the page paints.
        name: 'preconnect-video-host',
        transformIndexHtml: () => [{ tag: 'link', attrs: { rel: 'preconnect', href: videoOrigin }, injectTo: 'head' }],
      },
    ],
    build: { outDir: 'dist/web', emptyOutDir: true },
    server: { proxy: { '/rest': 'http://127.0.0.1:8080' } },
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
          },
        },
        // Build tools whose pieces can be tried without a build.
        { test: { name: 'scripts', environment: 'node', include: ['scripts/**/*.test.ts'] } },
        serverProject('server', 'pglite'),
        // The same server tests against a real PostgreSQL server that global
        // setup starts (Debian's postgresql package, or PG_BIN).
        serverProject('server-postgres', 'postgres'),
      ],
    },
  }
})

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
