/**
 * Two moderators decide reports of the same thing at once: one decision is recorded, the other changes
 * nothing (409), and the author is suspended exactly when the recorded action is the suspension.
 */
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { userSuspensions } from '@/features/roles/tables'
import { reports } from '@/features/trust/tables'
import { send } from '@/test/accounts'
import { freshEmail, signedInUser } from '@/test/alert-delivery'
import { createTestApp } from '@/test/app'
import { signedInTrader } from '@/test/trading'

type TestApp = Awaited<ReturnType<typeof createTestApp>>

async function reportOf(t: TestApp, username: string) {
  const reporter = await signedInTrader(t)
  const res = await send(t, '/api/reports', {
    body: { target: { kind: 'user', id: username }, reason: 'scam' },
    cookie: reporter.cookie,
  })
  expect(res.status, await res.clone().text()).toBe(201)
  return ((await res.json()) as { id: number }).id
}

/** Each round: a new author, reported twice; `same`: both moderators resolve the first report, else one each. */
async function raceResolutions(a: TestApp, b: TestApp, rounds: number, same: boolean) {
  const modA = await signedInUser(a, freshEmail('mod'), ['moderator'])
  const modB = await signedInUser(a, freshEmail('mod'), ['moderator'])
  for (let round = 0; round < rounds; round++) {
    const author = await signedInTrader(a)
    const first = await reportOf(a, author.username)
    const second = await reportOf(a, author.username)
    const statuses = await Promise.all([
      Promise.resolve(
        send(a, `/api/admin/reports/${first}/resolve`, {
          body: { action: 'suspend', note: 'Scams' },
          cookie: modA.cookie,
        }),
      ).then((r) => r.status),
      Promise.resolve(
        send(b, `/api/admin/reports/${same ? first : second}/resolve`, {
          body: { action: 'dismiss' },
          cookie: modB.cookie,
        }),
      ).then((r) => r.status),
    ])
    expect(statuses.sort(), `round ${round}`).toEqual([200, 409])
    const rows = await a.database.db.select().from(reports).where(eq(reports.targetUserId, author.id))
    const actions = [...new Set(rows.map((r) => r.action))]
    const suspended = await a.database.db
      .select()
      .from(userSuspensions)
      .where(eq(userSuspensions.userId, author.id))
    expect(actions, `round ${round}`).toHaveLength(1)
    expect({ round, action: actions[0], suspended: suspended.length }).toEqual({
      round,
      action: actions[0],
      suspended: actions[0] === 'suspend' ? 1 : 0,
    })
  }
}

// PGlite runs one transaction at a time, so the race needs PostgreSQL's connections.
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'one decision per reported thing under concurrency (runs with TEST_DATABASE_URL)',
  () => {
    it('two resolutions of one report at once: one 200, one 409; a suspension only beside the suspend action', async () => {
      const a = await createTestApp()
      const b = await createTestApp({ sameDatabaseAs: a })
      try {
        await raceResolutions(a, b, 4, true)
      } finally {
        await b.close()
        await a.close()
      }
    })

    it('two reports of the same user resolved at once by two moderators: the same', async () => {
      const a = await createTestApp()
      const b = await createTestApp({ sameDatabaseAs: a })
      try {
        await raceResolutions(a, b, 4, false)
      } finally {
        await b.close()
        await a.close()
      }
    })
  },
)
