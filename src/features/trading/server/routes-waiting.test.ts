/**
 * GET /api/me/trades/waiting: how many trades wait for the signed-in trader (the count beside "My
 * trades"): an offer to answer on their open ad, a trade to confirm, the other trader's ask to cancel.
 */
import { describe, expect, it } from 'vitest'
import { userSuspensions } from '@/features/roles/tables'
import { myTradesResponseSchema, myTradesWaitingResponseSchema } from '@/features/trading/contract'
import { send } from '@/test/accounts'
import {
  AD,
  act,
  acted,
  adOf,
  expectError,
  HOUR,
  offerOf,
  setAhead,
  setUpTradingApp,
  t,
  trader,
  type User,
} from './routes-test-setup'

setUpTradingApp()

/** One of a trader's ads: each `n` asks for another fruit (the same open ad twice is refused). */
const adNo = (owner: User, n: number, hours = 24) =>
  adOf(owner, { ...AD, requesting: [{ item: ['west-dragon', 'dough', 'buddha', 'portal'][n]! }], hours })

const waiting = (cookie: string | undefined) => send(t, '/api/me/trades/waiting', { cookie })

async function countOf(user: User): Promise<number> {
  const res = await waiting(user.cookie)
  expect(res.status, await res.clone().text()).toBe(200)
  expect(res.headers.get('cache-control')).toBe('private, no-store')
  return myTradesWaitingResponseSchema.parse(await res.json()).count
}

describe('the trades waiting for a trader', () => {
  it('asks for a session (401)', async () => {
    await expectError(await waiting(undefined), 401)
  })

  it('counts an offer to answer, each confirmation waiting and the other trader’s ask to cancel', async () => {
    const [owner, offerer] = await Promise.all([trader(), trader()])
    expect(await countOf(owner)).toBe(0)
    const offerId = await offerOf(await adOf(owner), offerer)
    // An offer on my ad waits for my answer; the one I sent waits for the owner, not for me.
    expect([await countOf(owner), await countOf(offerer)]).toEqual([1, 0])
    // My trades marks it so, by the same rule.
    const mine = async (user: User) =>
      myTradesResponseSchema.parse(await (await send(t, '/api/me/trades', { cookie: user.cookie })).json())
    expect((await mine(owner)).received.find((o) => o.id === offerId)?.waiting).toBe(true)
    expect((await mine(offerer)).sent.find((o) => o.id === offerId)?.waiting).toBe(false)

    // Accepted: the trade waits for both confirmations.
    await acted(await act(offerId, 'accept', owner.cookie))
    expect([await countOf(owner), await countOf(offerer)]).toEqual([1, 1])
    // The offerer confirmed: it waits for the owner only.
    await acted(await act(offerId, 'complete', offerer.cookie))
    expect([await countOf(owner), await countOf(offerer)]).toEqual([1, 0])
    // The owner asks to cancel: it waits for the offerer's answer, and no longer for the owner.
    await acted(await act(offerId, 'cancel', owner.cookie))
    expect([await countOf(owner), await countOf(offerer)]).toEqual([0, 1])
    // The offerer agrees: cancelled, it waits for nobody.
    await acted(await act(offerId, 'cancel', offerer.cookie))
    expect([await countOf(owner), await countOf(offerer)]).toEqual([0, 0])
  })

  it('a completed, declined or withdrawn offer waits for nobody', async () => {
    const [owner, first, second, third] = await Promise.all([trader(), trader(), trader(), trader()])
    const [a, b, c] = [await adNo(owner, 0), await adNo(owner, 1), await adNo(owner, 2)]
    const done = await offerOf(a, first)
    const declined = await offerOf(b, second)
    const withdrawn = await offerOf(c, third)
    expect(await countOf(owner)).toBe(3)
    await acted(await act(done, 'accept', owner.cookie))
    await acted(await act(done, 'complete', owner.cookie))
    await acted(await act(done, 'complete', first.cookie))
    await acted(await act(declined, 'decline', owner.cookie))
    await acted(await act(withdrawn, 'cancel', third.cookie))
    expect(await Promise.all([owner, first, second, third].map(countOf))).toEqual([0, 0, 0, 0])
  })

  it("other traders' offers and trades are not counted", async () => {
    const [me, owner, offerer, stranger] = await Promise.all([trader(), trader(), trader(), trader()])
    const adId = await adOf(owner)
    await offerOf(adId, offerer)
    await offerOf(adId, stranger)
    const accepted = await offerOf(await adOf(stranger), owner)
    await acted(await act(accepted, 'accept', stranger.cookie))
    expect(await countOf(me)).toBe(0)
    // The owner: two offers to answer on their ad, and the trade they must confirm on the stranger's.
    expect(await countOf(owner)).toBe(3)
  })

  it('an offer on an ad that ended, or from a suspended trader, is not one to answer', async () => {
    const [owner, offerer, suspended] = await Promise.all([trader(), trader(), trader()])
    await offerOf(await adNo(owner, 0, 6), offerer)
    await offerOf(await adNo(owner, 1), suspended)
    expect(await countOf(owner)).toBe(2)
    await t.database.db.insert(userSuspensions).values({ userId: suspended.id, reason: 'scams' })
    expect(await countOf(owner)).toBe(1)
    // The 6-hour ad ended (before the worker marks it): its offer cannot be accepted any more.
    setAhead(7 * HOUR)
    expect(await countOf(owner)).toBe(0)
  })
})
