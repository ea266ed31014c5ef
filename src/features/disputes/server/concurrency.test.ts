import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { disputes } from '@/features/disputes/tables'
import { userSuspensions } from '@/features/roles/tables'
import { send } from '@/test/accounts'
import { freshEmail, signedInUser } from '@/test/alert-delivery'
import { createTestApp } from '@/test/app'
import { tradeBetween } from '@/test/trading'

type TestApp = Awaited<ReturnType<typeof createTestApp>>

// Two server processes on one PostgreSQL: PGlite is one process's database, so this needs a server.
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'one open dispute per trade under concurrency (runs with TEST_DATABASE_URL)',
  () => {
    it('two opens at once, on two instances: one 201, one 409', async () => {
      const a = await createTestApp()
      const b = await createTestApp({ sameDatabaseAs: a })
      try {
        const { owner, offerer, offerId } = await tradeBetween(a)
        for (let round = 0; round < 3; round++) {
          const statuses = await Promise.all([
            Promise.resolve(
              send(a, `/api/trade-offers/${offerId}/dispute`, {
                body: { reason: 'scam', details: `From the offerer ${round}` },
                cookie: offerer.cookie,
              }),
            ).then((r) => r.status),
            Promise.resolve(
              send(b, `/api/trade-offers/${offerId}/dispute`, {
                body: { reason: 'other', details: `From the owner ${round}` },
                cookie: owner.cookie,
              }),
            ).then((r) => r.status),
          ])
          expect(statuses.sort()).toEqual(round === 0 ? [201, 409] : [409, 409])
        }
      } finally {
        await b.close()
        await a.close()
      }
    })
  },
)

/**
 * Two moderators decide the same dispute at once, one upholding it with a suspension, the other
 * rejecting it: one decision is recorded (200), the other changes nothing (409), and the respondent is
 * suspended exactly when the recorded outcome is the upheld one.
 */
async function raceDecisions(a: TestApp, b: TestApp, rounds: number) {
  const [modA, modB] = [
    await signedInUser(a, freshEmail('mod'), ['moderator']),
    await signedInUser(a, freshEmail('mod'), ['moderator']),
  ]
  for (let round = 0; round < rounds; round++) {
    const { owner, offerer, offerId } = await tradeBetween(a, { complete: true })
    const opened = await send(a, `/api/trade-offers/${offerId}/dispute`, {
      body: { reason: 'scam', details: 'Never sent' },
      cookie: offerer.cookie,
    })
    expect(opened.status, await opened.clone().text()).toBe(201)
    const { id } = (await opened.json()) as { id: number }
    const statuses = await Promise.all([
      Promise.resolve(
        send(a, `/api/admin/disputes/${id}/resolve`, {
          body: { outcome: 'upheld', suspend: true, note: 'Scammed' },
          cookie: modA.cookie,
        }),
      ).then((r) => r.status),
      Promise.resolve(
        send(b, `/api/admin/disputes/${id}/resolve`, { body: { outcome: 'rejected' }, cookie: modB.cookie }),
      ).then((r) => r.status),
    ])
    expect(statuses.sort(), `round ${round}`).toEqual([200, 409])
    const [row] = await a.database.db.select().from(disputes).where(eq(disputes.id, id))
    const suspended = await a.database.db
      .select()
      .from(userSuspensions)
      .where(eq(userSuspensions.userId, owner.id))
    expect({ round, status: row?.status, suspended: suspended.length }).toEqual({
      round,
      status: row?.status,
      suspended: row?.status === 'upheld' ? 1 : 0,
    })
  }
}

// PGlite runs one transaction at a time, so the race needs PostgreSQL's connections.
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'one decision per dispute under concurrency (runs with TEST_DATABASE_URL)',
  () => {
    it('two decisions at once on one instance: one 200, one 409; a suspension only beside the upheld outcome', async () => {
      const a = await createTestApp()
      try {
        await raceDecisions(a, a, 4)
      } finally {
        await a.close()
      }
    })

    it('two decisions at once, on two instances: the same', async () => {
      const a = await createTestApp()
      const b = await createTestApp({ sameDatabaseAs: a })
      try {
        await raceDecisions(a, b, 4)
      } finally {
        await b.close()
        await a.close()
      }
    })
  },
)
