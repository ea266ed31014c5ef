import { expect } from 'vitest'
import { userSuspensions } from '@/server/db/schema'
import type { TradeAdRequest } from '@/shared/trading'
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
