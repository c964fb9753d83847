import { defineConfig } from 'vitest/config'

// The reliability suite drives the built server (`npm run build` first) as a
// real process under load, so it runs on its own: one file at a time, with
// up to minutes per case; a case that hangs fails in 4 minutes, not CI's whole budget.
// Each case's load is bounded well inside that, so a slow run fails on its figures.
export default defineConfig({
  test: {
    name: 'reliability',
    root: import.meta.dirname,
    include: ['**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 240_000,
    hookTimeout: 180_000,
  },
})
