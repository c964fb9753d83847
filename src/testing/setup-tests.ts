import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { afterEach, beforeEach, vi } from 'vitest'
import './browser-shims.ts'

// An unexpected console.error is a bug: fail the test that caused it.
// A test that expects one spies on console.error itself, which replaces this.
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error was called: ${args.map(String).join(' ')}`)
  })
})

afterEach(() => {
  cleanup()
  // The page keeps answers and the countdown on the device: each test starts as a first visit.
  localStorage.clear()
  // And that this tab's visitor applied (src/features/application/draft/applied-store.ts).
  sessionStorage.clear()
  vi.restoreAllMocks()
})
