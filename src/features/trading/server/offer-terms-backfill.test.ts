import { readFileSync } from 'node:fs'
import { asc, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp } from '@/test/app'
import { created, signedInTrader, TRADE_AD } from '@/test/trading'
import { tradeOfferTerms } from '../tables'

/** Migration 0027 gives every offer made before counters its first round, from its own terms. */
describe("the backfill of offers' first rounds", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  it('writes one round per offer, proposed by its offerer, with its sides in order', async () => {
    const [owner, a, b] = await Promise.all([signedInTrader(t), signedInTrader(t), signedInTrader(t)])
    const adId = await created(t, '/api/trade-ads', owner.cookie, TRADE_AD)
    const asRequested = await created(t, `/api/trade-ads/${adId}/offers`, a.cookie)
    const countered = await created(t, `/api/trade-ads/${adId}/offers`, b.cookie, {
      offering: [{ item: 'east-dragon' }, { item: 'dough', quantity: 3 }],
      requesting: [{ item: 'kitsune' }],
    })
    const { db } = t.database
    const written = await db.select().from(tradeOfferTerms).orderBy(asc(tradeOfferTerms.offerId))
    // As the offers wrote them; then as the migration writes them for offers made before it.
    await db.delete(tradeOfferTerms)
    const statements = readFileSync('db/migrations/0027_offer_terms.sql', 'utf8').split(
      '--> statement-breakpoint',
    )
    await db.execute(sql.raw(statements.at(-1)!))
    const backfilled = await db.select().from(tradeOfferTerms).orderBy(asc(tradeOfferTerms.offerId))
    expect(backfilled).toEqual(written)
    expect(backfilled.map((r) => [r.offerId, r.round, r.proposedBy, r.userId])).toEqual([
      [asRequested, 1, 'offerer', a.id],
      [countered, 1, 'offerer', b.id],
    ])
    expect(backfilled[1]!.offering).toEqual([
      { itemId: 'east-dragon', variant: null, quantity: 1 },
      { itemId: 'dough', variant: null, quantity: 3 },
    ])
    expect(backfilled[0]!.requesting).toEqual([
      { itemId: 'kitsune', variant: null, quantity: 1 },
      { itemId: 'control', variant: 'permanent', quantity: 2 },
    ])
  })
})
