/**
 * The app the fuzz tests send their bad requests to, signed in as the primary admin (with a username),
 * and how the answers are judged: each must be a 4xx with the error shape, no error may go unhandled,
 * and nothing in the database may change.
 */
import { count } from 'drizzle-orm'
import { afterAll, beforeAll, expect } from 'vitest'
import { profiles } from '@/features/accounts/tables'
import { users } from '@/platform/server/auth/tables'
import { apiErrorSchema } from '@/shared/api-error'
import { createMagicLinkUser, send } from '@/test/accounts'
import { createTestApp, TEST_ORIGIN } from '@/test/app'
import { ALL_TABLES } from '@/test/tables'
import type { Case } from './fuzz-cases'
import { ADMIN } from './fuzz-endpoints'

type TestApp = Awaited<ReturnType<typeof createTestApp>>

/** What is wrong with the answer to a bad request, or null: a 4xx with the error shape. */
async function problemWith(c: Case, res: Response): Promise<string | null> {
  const text = await res.text()
  const said = `${c.name} -> ${res.status} ${text.slice(0, 160)}`
  if (c.link && res.status >= 300 && res.status < 400) return null
  if (res.status < 400 || res.status >= 500) return said
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    return `${said} (not JSON)`
  }
  if (apiErrorSchema.safeParse(body).success) return null
  // Better Auth's refusals: `{ code, message }`, or `{ message }` alone from a few of its own checks.
  const own = body as { code?: unknown; message?: unknown }
  const betterAuthShape =
    typeof own?.message === 'string' && ['string', 'undefined'].includes(typeof own.code)
  if (c.path.startsWith('/api/auth/') && betterAuthShape) return null
  return `${said} (not the error shape)`
}

/** Everything the bad requests could have changed: each table's row count, the users and profiles. */
export async function snapshot(app: TestApp, session: string) {
  const { db } = app.database
  const counts: Record<string, number | undefined> = {}
  for (const [name, table] of Object.entries(ALL_TABLES)) {
    counts[name] = (await db.select({ n: count() }).from(table))[0]?.n
  }
  const me = await (await send(app, '/api/me', { cookie: session })).json()
  return {
    counts,
    users: await db.select().from(users).orderBy(users.id),
    profiles: await db.select().from(profiles).orderBy(profiles.userId),
    me,
  }
}

export let t: TestApp
/** The primary admin's session cookie. */
export let cookie: string
let total = 0

/** Counts requests sent without `run`, for the tally logged at the end. */
export function counted(requests: number) {
  total += requests
}

/** Builds the app before the calling describe's tests; after them, logs how many bad requests were sent. */
export function setUpFuzzApp() {
  beforeAll(async () => {
    t = await createTestApp({
      env: { ADMIN_EMAIL: ADMIN, DISCORD_CLIENT_ID: 'fuzz-discord', DISCORD_CLIENT_SECRET: 'fuzz-secret' },
    })
    cookie = (await createMagicLinkUser(t, ADMIN)).cookie
    // A trader with a username: the endpoints that need one (trade ads) read the body, not refuse at once.
    expect((await send(t, '/api/profile/username', { body: { username: 'fuzz_admin' }, cookie })).ok).toBe(
      true,
    )
  })
  afterAll(async () => {
    console.info(`fuzz: ${total} bad requests, every one refused with a 4xx`)
    await t.close()
  })
}

/** The app's 'unhandled error' log lines (Better Auth also logs the callback URLs it refuses). */
export const unhandledErrors = () =>
  t.loggedErrors.filter(
    (line) => typeof line === 'object' && line !== null && 'err' in line && 'path' in line,
  )

/** Sends each case as the admin where it needs a session, then checks every answer, the log and the database. */
export async function run(cases: Case[]) {
  const before = await snapshot(t, cookie)
  const problems: string[] = []
  for (const c of cases) {
    const headers: Record<string, string> = { origin: TEST_ORIGIN }
    if (c.contentType) headers['content-type'] = c.contentType
    if (c.signedIn) headers.cookie = cookie
    const res = await t.app.request(c.path, { method: c.method, headers, body: c.body })
    const problem = await problemWith(c, res)
    if (problem) problems.push(problem)
  }
  total += cases.length
  expect(problems).toEqual([])
  expect(unhandledErrors()).toEqual([])
  expect(await snapshot(t, cookie)).toEqual(before)
}
