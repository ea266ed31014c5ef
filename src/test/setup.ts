import { afterEach, vi } from 'vitest'

/**
 * A console.error during a test is a defect: fail the test that caused it. The server tests share one
 * process per worker (vitest.config.ts), where this file runs again before each test file: console.error
 * is wrapped once per process, and each file's tests read the errors of their own time.
 */
const seenErrors = Symbol.for('tradehub.test.consoleErrors')
type Patched = typeof globalThis & { [seenErrors]?: unknown[][] }
const patched = globalThis as Patched
if (!patched[seenErrors]) {
  const errors: unknown[][] = []
  patched[seenErrors] = errors
  const original = console.error
  console.error = (...args: unknown[]) => {
    errors.push(args)
    original(...args)
  }
}
const errors = patched[seenErrors]
errors.length = 0
afterEach(() => {
  const seen = errors.splice(0)
  vi.restoreAllMocks()
  if (seen.length > 0) throw new Error(`console.error was called during the test: ${String(seen[0]?.[0])}`)
})
