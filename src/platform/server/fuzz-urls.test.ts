/**
 * Bad URLs at every endpoint: each query and path parameter against a table of hostile encodings and
 * lengths, repeated and unknown parameters, and junk parameters where an endpoint takes none. Every
 * answer must be a 4xx with the error shape (never a 5xx, never a success) and nothing in the database
 * may change.
 *
 * The site's shape `{ error: { code, message } }` is expected everywhere, except that Better Auth's own
 * refusals under /api/auth keep its `{ code, message }` (the web client reads both): rewriting every
 * answer of its handler would mean parsing its responses, for no gain to the user.
 */
import { describe, expect, it } from 'vitest'
import { TEST_ORIGIN } from '@/test/app'
import { pathCases, queryCases } from './fuzz-cases'
import { cookie, counted, run, setUpFuzzApp, snapshot, t, unhandledErrors } from './fuzz-test-setup'
import { NO_INPUT_GET_ENDPOINTS } from './fuzz-url-endpoints'

describe('fuzz: bad input at every JSON endpoint is a 4xx with the error shape and changes nothing', () => {
  setUpFuzzApp()

  it('each query parameter × bad encodings, lengths and repeats, and unknown parameters', async () => {
    const cases = queryCases()
    expect(cases.length).toBeGreaterThan(250)
    await run(cases)
  })

  it('each path parameter × bad encodings and lengths', async () => {
    const cases = pathCases()
    expect(cases.length).toBeGreaterThan(140)
    await run(cases)
  })

  it('endpoints without input shrug off junk parameters (never a 5xx)', async () => {
    const before = await snapshot(t, cookie)
    const junk = '%FF=%00&__proto__=1&x=%ED%A0%80&constructor=%'
    for (const path of NO_INPUT_GET_ENDPOINTS) {
      const res = await t.app.request(`${path}?${junk}`, { headers: { origin: TEST_ORIGIN, cookie } })
      expect(res.status, path).toBeLessThan(500)
    }
    counted(NO_INPUT_GET_ENDPOINTS.length)
    expect(unhandledErrors()).toEqual([])
    expect(await snapshot(t, cookie)).toEqual(before)
  })
})
