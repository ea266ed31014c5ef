import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '@/platform/server/auth/tables'
import { createUserWithUsername } from '@/test/accounts'
import { createTestApp } from '@/test/app'
import { effectiveAdStatus, waitsFor } from '../policy'
import { OFFER_STATUSES } from '../rules'
import { tradeAds, tradeConfirmations, tradeOffers } from '../tables'
import type { TraderRole } from './offers'
import { waitingAs } from './waiting'

/** Whether an offer waits for a trader, in TypeScript and in SQL, answers the same for every case. */
describe('an offer waiting for a trader: policy.ts and its SQL twin agree', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  const idOf = async (email: string, username: string) => {
    await createUserWithUsername(t, email, username)
    const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email))
    return row!.id
  }

  it('every offer status, ad status, turn, confirmation and ask to cancel, for both traders', async () => {
    const { db } = t.database
    const owner = await idOf('waiting-owner@example.com', 'waiting_owner')
    const offerer = await idOf('waiting-offerer@example.com', 'waiting_offerer')
    const now = new Date('2026-06-01T12:00:00Z')
    const ads = [
      { status: 'open', expiresAt: new Date(now.getTime() + 3_600_000) },
      { status: 'open', expiresAt: new Date(now.getTime() - 1) },
      { status: 'closed', expiresAt: new Date(now.getTime() + 3_600_000) },
    ] as const
    const cases = ads.flatMap((ad) =>
      OFFER_STATUSES.flatMap((status) =>
        (['offerer', 'owner'] as const).flatMap((termsBy) =>
          [null, owner, offerer].flatMap((cancelRequestedBy) =>
            [[], [owner], [offerer], [owner, offerer]].map((confirmedBy) => ({
              ad,
              status,
              termsBy,
              cancelRequestedBy,
              confirmedBy,
            })),
          ),
        ),
      ),
    )
    const adRows = await db
      .insert(tradeAds)
      .values(
        cases.map((c, i) => ({
          userId: owner,
          gameId: 'blox-fruits',
          status: c.ad.status,
          note: '',
          hours: 24,
          signature: `waiting-${i}`,
          createdAt: new Date(now.getTime() - 86_400_000),
          listedAt: new Date(now.getTime() - 86_400_000),
          expiresAt: c.ad.expiresAt,
        })),
      )
      .returning()
    const offerRows = await db
      .insert(tradeOffers)
      .values(
        cases.map((c, i) => ({
          adId: adRows[i]!.id,
          userId: offerer,
          status: c.status,
          asRequested: true,
          cancelRequestedBy: c.cancelRequestedBy,
          termsBy: c.termsBy,
          termsRound: c.termsBy === 'owner' ? 2 : 1,
          createdAt: new Date(now.getTime() - 3_600_000),
        })),
      )
      .returning()
    await db
      .insert(tradeConfirmations)
      .values(cases.flatMap((c, i) => c.confirmedBy.map((userId) => ({ offerId: offerRows[i]!.id, userId }))))

    for (const [role, userId] of [
      ['owner', owner],
      ['offerer', offerer],
    ] as [TraderRole, string][]) {
      const found = await db
        .select({ id: tradeOffers.id })
        .from(tradeOffers)
        .innerJoin(tradeAds, eq(tradeAds.id, tradeOffers.adId))
        .where(waitingAs(role, userId, now))
      const inSql = new Set(found.map((row) => row.id))
      cases.forEach((c, i) => {
        const facts = {
          role,
          offerStatus: c.status,
          adStatus: effectiveAdStatus(c.ad.status, c.ad.expiresAt, now),
          confirmed: c.confirmedBy.includes(userId),
          cancelRequestedBy:
            c.cancelRequestedBy === null ? null : c.cancelRequestedBy === owner ? 'owner' : 'offerer',
          proposedBy: c.termsBy,
          round: c.termsBy === 'owner' ? 2 : 1,
        } as const
        expect(inSql.has(offerRows[i]!.id), `${role}: ${JSON.stringify(facts)}`).toBe(waitsFor(facts))
      })
    }
  })
})
