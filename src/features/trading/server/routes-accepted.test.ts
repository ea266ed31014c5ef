/**
 * What an accepted trade promises against a scammer: it is never declined away (cancelled only when
 * both traders ask), a block never stops it once accepted (but stops an accept), a retired item is
 * traded on no side, and two traders' trades count toward their records once in 7 days.
 */
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { items } from '@/features/catalog/server/public'
import { TRADING_MESSAGES } from '@/features/trading/contract'
import { tradeOffers } from '@/features/trading/tables'
import { send } from '@/test/accounts'
import { heardWithTheCommit } from '@/test/cache-invalidation'
import { TRADING_CACHE_PREFIX } from './deps'
import {
  AD,
  act,
  acted,
  adOf,
  expectError,
  getAd,
  kindsOf,
  offer,
  offerOf,
  setUpTradingApp,
  t,
  trader,
  type User,
} from './routes-test-setup'

setUpTradingApp()

const dispute = (offerId: number, by: User) =>
  send(t, `/api/trade-offers/${offerId}/dispute`, {
    body: { reason: 'scam', details: 'They took my items and declined the trade' },
    cookie: by.cookie,
  })
const block = (by: User, other: User & { username: string }) =>
  send(t, `/api/blocks/${other.username}`, { method: 'PUT', cookie: by.cookie })

/** A posts, B offers, A accepts. */
async function accepted() {
  const [owner, offerer] = await Promise.all([trader(), trader()])
  const adId = await adOf(owner)
  const offerId = await offerOf(adId, offerer)
  await acted(await act(offerId, 'accept', owner.cookie))
  return { owner, offerer, adId, offerId }
}

describe('an accepted trade', () => {
  it('is never declined: not after the other confirmed, not with a dispute open; the dispute stays possible', async () => {
    const { owner, offerer, offerId } = await accepted()
    await acted(await act(offerId, 'complete', offerer.cookie))
    const refused = await expectError(await act(offerId, 'decline', owner.cookie), 409)
    expect(refused.message).toBe(TRADING_MESSAGES.acceptedNotDeclined)
    expect((await dispute(offerId, offerer)).status).toBe(201)
    await expectError(await act(offerId, 'decline', owner.cookie), 409)
    const [row] = await t.database.db.select().from(tradeOffers).where(eq(tradeOffers.id, offerId))
    expect(row).toMatchObject({ status: 'accepted', acceptedAt: expect.any(Date) })
  })

  it('is cancelled only when both ask: the first asks once, the other agrees, and a dispute stays possible', async () => {
    const { owner, offerer, offerId } = await accepted()
    const asked = await acted(await act(offerId, 'cancel', owner.cookie))
    expect(asked).toMatchObject({ status: 'accepted', cancelRequestedBy: 'owner', actions: ['confirm'] })
    expect(await kindsOf(offerer.id)).toContain('trade-cancelled')
    expect((await expectError(await act(offerId, 'cancel', owner.cookie), 409)).message).toBe(
      TRADING_MESSAGES.cancelAsked,
    )
    const seen = await send(t, `/api/me/trades`, { cookie: offerer.cookie })
    const theirs = ((await seen.json()) as { sent: { id: number; actions: string[] }[] }).sent
    expect(theirs.find((o) => o.id === offerId)?.actions).toEqual(['cancel', 'confirm'])

    const cancelled = await acted(await act(offerId, 'cancel', offerer.cookie))
    expect(cancelled).toMatchObject({ status: 'cancelled', actions: [], acceptedAt: expect.any(String) })
    await expectError(await act(offerId, 'complete', owner.cookie), 409)
    // The trade was accepted: either trader may still dispute it.
    expect((await dispute(offerId, offerer)).status).toBe(201)
  })

  it('an offer never accepted is not disputed (409)', async () => {
    const [owner, offerer] = await Promise.all([trader(), trader()])
    const offerId = await offerOf(await adOf(owner), offerer)
    await acted(await act(offerId, 'cancel', offerer.cookie))
    await expectError(await dispute(offerId, offerer), 409)
  })

  it('each confirmation reaches the other instances with its commit, the completing one before the badges it earns', async () => {
    const { owner, offerer, offerId } = await accepted()
    const confirm = (by: User) => async () => acted(await act(offerId, 'complete', by.cookie))
    expect(await heardWithTheCommit(t, confirm(offerer))).toEqual([TRADING_CACHE_PREFIX])
    // Then the traders' first achievement, in its own commit (the ads show the badges).
    expect(await heardWithTheCommit(t, confirm(owner))).toEqual([TRADING_CACHE_PREFIX, 'achievements:'])
    expect(await heardWithTheCommit(t, confirm(owner))).toEqual([]) // completed already: nothing changed
  })
})

describe('a block', () => {
  it('stops an accept (403), either way', async () => {
    for (const blocker of ['owner', 'offerer'] as const) {
      const [owner, offerer] = await Promise.all([trader(), trader()])
      const offerId = await offerOf(await adOf(owner), offerer)
      const [by, other] = blocker === 'owner' ? [owner, offerer] : [offerer, owner]
      expect((await block(by, other)).status).toBe(204)
      await expectError(await act(offerId, 'accept', owner.cookie), 403)
      const [row] = await t.database.db.select().from(tradeOffers).where(eq(tradeOffers.id, offerId))
      expect(row?.status, blocker).toBe('pending')
    }
  })

  it('never stops the confirmation or the dispute of a trade already accepted', async () => {
    const { owner, offerer, offerId } = await accepted()
    expect((await block(owner, offerer)).status).toBe(204)
    await acted(await act(offerId, 'complete', offerer.cookie))
    expect((await acted(await act(offerId, 'complete', owner.cookie))).status).toBe('completed')
    expect((await dispute(offerId, offerer)).status).toBe(201)
  })
})

describe('retired items', () => {
  async function retire(id: string, retiredAt: Date | null) {
    await t.database.db
      .update(items)
      .set({ retiredAt })
      .where(and(eq(items.gameId, 'blox-fruits'), eq(items.id, id)))
    t.cache.invalidate('catalog:')
  }

  it('are offered and asked for on no side of an offer (400 naming the slot); nothing is stored', async () => {
    const [owner, offerer] = await Promise.all([trader(), trader()])
    const adId = await adOf(owner, {
      ...AD,
      offering: [{ item: 'dough' }],
      requesting: [{ item: 'kitsune' }],
    })
    await retire('spring', new Date())
    try {
      await expectError(
        await offer(adId, offerer.cookie, { offering: [{ item: 'spring', quantity: 999 }] }),
        400,
        'offering.0.item',
      )
      await expectError(
        await offer(adId, offerer.cookie, {
          offering: [{ item: 'kitsune' }],
          requesting: [{ item: 'spring' }],
        }),
        400,
        'requesting.0.item',
      )
      // An ad's item retired since it was posted: an offer as requested is refused too.
      await retire('dough', new Date())
      await expectError(await offer(adId, offerer.cookie), 400, 'requesting.0.item')
    } finally {
      await retire('spring', null)
      await retire('dough', null)
    }
    const rows = await t.database.db.select().from(tradeOffers).where(eq(tradeOffers.adId, adId))
    expect(rows).toEqual([])
  })
})

describe("a pair's record", () => {
  it('two traders completing trades together count once in 7 days; a third trader counts anew', async () => {
    const [a, b, c] = await Promise.all([trader(), trader(), trader()])
    const complete = async (owner: User, offerer: User, quantity: number) => {
      const adId = await adOf(owner, { ...AD, offering: [{ item: 'kitsune', quantity }] })
      const offerId = await offerOf(adId, offerer)
      await acted(await act(offerId, 'accept', owner.cookie))
      await acted(await act(offerId, 'complete', owner.cookie))
      await acted(await act(offerId, 'complete', offerer.cookie))
      return { adId, offerId }
    }
    const trades = []
    for (let n = 1; n <= 3; n++) trades.push(await complete(n % 2 ? a : b, n % 2 ? b : a, n))
    const withC = await complete(a, c, 9)
    const countedOf = async (offerId: number) =>
      (await t.database.db.select().from(tradeOffers).where(eq(tradeOffers.id, offerId)))[0]?.counted
    expect(await Promise.all([...trades, withC].map((trade) => countedOf(trade.offerId)))).toEqual([
      true,
      false,
      false,
      true,
    ])
    expect((await getAd(withC.adId)).owner.completedTrades).toBe(2)
  })
})
