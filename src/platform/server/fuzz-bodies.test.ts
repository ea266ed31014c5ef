/**
 * Bad JSON bodies at every endpoint that reads one: each text field against a table of hostile values,
 * and the whole body replaced. Every answer must be a 4xx with the error shape (never a 5xx, never a
 * success) and nothing in the database may change.
 *
 * The site's shape `{ error: { code, message } }` is expected everywhere, except that Better Auth's own
 * refusals under /api/auth keep its `{ code, message }` (the web client reads both): rewriting every
 * answer of its handler would mean parsing its responses, for no gain to the user.
 */
import { describe, expect, it } from 'vitest'
import { bodyFieldCases, wholeBodyCases } from './fuzz-cases'
import { run, setUpFuzzApp } from './fuzz-test-setup'

describe('fuzz: bad input at every JSON endpoint is a 4xx with the error shape and changes nothing', () => {
  setUpFuzzApp()

  // Over a thousand requests that each reach the database: on PostgreSQL on a busy machine, more than the
  // default minute (a bound on a hang, not a measure of speed).
  it('each text field of each JSON body × 24 bad values', { timeout: 300_000 }, async () => {
    const cases = bodyFieldCases()
    expect(cases.length).toBeGreaterThan(900)
    await run(cases)
  })

  it('each JSON body replaced whole: malformed, not an object, prototype keys, too big, wrong content type', async () => {
    const cases = wholeBodyCases()
    expect(cases.length).toBeGreaterThan(450)
    await run(cases)
  })
})
