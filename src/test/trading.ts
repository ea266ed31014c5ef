import { expect } from 'vitest'
import { userSuspensions } from '@/features/roles/tables'
import type { TradeAdRequest } from '@/features/trading/contract'
import { send } from './accounts'
import { freshEmail, signedInUser } from './alert-delivery'
import type { createTestApp } from './app'

type TestApp = Awaited<ReturnType<typeof createTestApp>>
export type Trader = Awaited<ReturnType<typeof signedInUser>> & { username: string }

let names = 0

/** A signed-in trader with a username of its own (unless `username: false`), optionally suspended. */
export async function signedInTrader(
  t: TestApp,
  { username = true, suspended = false } = {},
): Promise<Trader> {
  const user = await signedInUser(t, freshEmail('trader'))
  const name = `tr${process.pid % 1000}_${++names}_${Date.now() % 100_000}`
  if (username) {
    const res = await send(t, '/api/profile/username', { body: { username: name }, cookie: user.cookie })
    expect(res.status, await res.clone().text()).toBe(200)
  }
  if (suspended) await t.database.db.insert(userSuspensions).values({ userId: user.id, reason: 'scams' })
  return { ...user, username: name }
}

/** A Blox Fruits ad: two items offered, one requested. */
export const TRADE_AD: TradeAdRequest = {
  game: 'blox-fruits',
  offering: [{ item: 'kitsune' }, { item: 'control', variant: 'permanent', quantity: 2 }],
  requesting: [{ item: 'west-dragon' }],
  tags: ['adds'],
  note: 'Fast trade, add me',
}

/** Posts the request through the API and answers the new id (an ad's, an offer's), expecting 201. */
export async function created(t: TestApp, path: string, cookie: string, body: unknown = {}): Promise<number> {
  const res = await send(t, path, { body, cookie })
  expect(res.status, await res.clone().text()).toBe(201)
  return ((await res.json()) as { id: number }).id
}

/** Accepts an offer as its ad's owner, or confirms its trade as one of its traders, expecting 200. */
export async function offerAction(t: TestApp, offerId: number, what: 'accept' | 'complete', by: Trader) {
  const res = await send(t, `/api/trade-offers/${offerId}/${what}`, { method: 'POST', cookie: by.cookie })
  expect(res.status, await res.clone().text()).toBe(200)
}

/**
 * An offer of `offerer` on a new ad of `owner` (two new traders unless given): accepted unless told,
 * and completed (both confirm) when told.
 */
export async function tradeBetween(
  t: TestApp,
  {
    owner,
    offerer,
    accept = true,
    complete = false,
  }: { owner?: Trader; offerer?: Trader; accept?: boolean; complete?: boolean } = {},
) {
  const seller = owner ?? (await signedInTrader(t))
  const buyer = offerer ?? (await signedInTrader(t))
  const adId = await created(t, '/api/trade-ads', seller.cookie, TRADE_AD)
  const offerId = await created(t, `/api/trade-ads/${adId}/offers`, buyer.cookie)
  if (accept) await offerAction(t, offerId, 'accept', seller)
  if (accept && complete) {
    await offerAction(t, offerId, 'complete', seller)
    await offerAction(t, offerId, 'complete', buyer)
  }
  return { owner: seller, offerer: buyer, adId, offerId }
}
