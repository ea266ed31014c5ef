/**
 * The names every plain object answers to (`__proto__`, `constructor`, `toString`, …) in each field,
 * object key, query parameter and path part that takes one of a fixed set of values: a lookup written
 * `key in table` or `table[key]` would take them for known values. Every answer must be a 4xx with the
 * error shape (a dry run's 200 aside, listing the row as invalid) and nothing in the database may change.
 *
 * The site's shape `{ error: { code, message } }` is expected everywhere, except that Better Auth's own
 * refusals under /api/auth keep its `{ code, message }` (the web client reads both): rewriting every
 * answer of its handler would mean parsing its responses, for no gain to the user.
 */
import { describe, expect, it } from 'vitest'
import { prototypeNameCases } from './fuzz-cases'
import { run, setUpFuzzApp } from './fuzz-test-setup'

describe('fuzz: bad input at every JSON endpoint is a 4xx with the error shape and changes nothing', () => {
  setUpFuzzApp()

  it('each enum-like field, object key, query parameter and path part × prototype names (__proto__, constructor, …)', async () => {
    const cases = prototypeNameCases()
    expect(cases.length).toBeGreaterThan(450)
    await run(cases)
  })
})
