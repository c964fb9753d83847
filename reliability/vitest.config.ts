import { defineConfig } from 'vitest/config'

// The reliability suite drives the built server (`npm run build` first) as a
// real process under load, so it runs on its own: one file at a time, with
// minutes rather than seconds per case.
export default defineConfig({
  test: {
    name: 'reliability',
    root: import.meta.dirname,
    include: ['**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 600_000,
    hookTimeout: 180_000,
  },
})
