/**
 * The app each trading route test file builds for its own tests: lowered limits, a server clock the
 * expiry tests move ahead (reset after each test), and helpers to make traders, post ads and offers,
 * act on offers, read notifications and expect errors.
 */
import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, expect } from 'vitest'
import { notifications } from '@/features/notifications/server/public'
import {
  type TradeAd,
  type TradeAdRequest,
  type TradeOffer,
  tradeAdResponseSchema,
  tradeAdsResponseSchema,
  tradeOfferResponseSchema,
} from '@/features/trading/contract'
import { errorOf, send } from '@/test/accounts'
import type { signedInUser } from '@/test/alert-delivery'
import { createTestApp } from '@/test/app'
import { signedInTrader, TRADE_AD } from '@/test/trading'

export type TestApp = Awaited<ReturnType<typeof createTestApp>>
export type User = Awaited<ReturnType<typeof signedInUser>>

export const HOUR = 60 * 60 * 1000
/** Lowered so the limits are cheap to reach (each test's traders are its own). */
const LIMITS = {
  adsPerDay: { max: 12, windowSeconds: 86_400 },
  offersPerHour: { max: 3, windowSeconds: 3600 },
  messagesPerMinute: { max: 3, windowSeconds: 60 },
}

export let t: TestApp
/** The server's clock runs this far ahead of the real one (expiry tests move it; reset after each). */
export let ahead = 0

/** Moves the server's clock this far ahead of the real one (until the end of the test). */
export function setAhead(ms: number) {
  ahead = ms
}

/** Builds the app before the calling file's tests, resets the clock after each, and closes it after them. */
export function setUpTradingApp() {
  beforeAll(async () => {
    t = await createTestApp({ clock: () => new Date(Date.now() + ahead), limits: { trading: LIMITS } })
  })
  afterAll(() => t.close())
  afterEach(() => {
    ahead = 0
  })
}

export const trader = (options?: { username?: boolean; suspended?: boolean }) => signedInTrader(t, options)

export const AD = TRADE_AD

export const postAd = (cookie: string | undefined, body: unknown = AD) =>
  send(t, '/api/trade-ads', { body, cookie })

export async function adOf(owner: User, body: TradeAdRequest = AD): Promise<number> {
  const res = await postAd(owner.cookie, body)
  expect(res.status, await res.clone().text()).toBe(201)
  return ((await res.json()) as { id: number }).id
}

export async function getAd(id: number): Promise<TradeAd> {
  const res = await send(t, `/api/trade-ads/${id}`)
  expect(res.status, await res.clone().text()).toBe(200)
  return tradeAdResponseSchema.parse(await res.json()).ad
}

export const offer = (adId: number, cookie: string | undefined, body: unknown = {}) =>
  send(t, `/api/trade-ads/${adId}/offers`, { body, cookie })

export async function offerOf(adId: number, by: User, body: unknown = {}): Promise<number> {
  const res = await offer(adId, by.cookie, body)
  expect(res.status, await res.clone().text()).toBe(201)
  return ((await res.json()) as { id: number }).id
}

export const act = (offerId: number, what: string, cookie: string | undefined) =>
  send(t, `/api/trade-offers/${offerId}/${what}`, { method: 'POST', cookie })

export async function acted(res: Response, status = 200): Promise<TradeOffer> {
  expect(res.status, await res.clone().text()).toBe(status)
  return tradeOfferResponseSchema.parse(await res.json()).offer
}

export const kindsOf = async (userId: string) =>
  (await t.database.db.select().from(notifications).where(eq(notifications.userId, userId))).map(
    (n) => n.kind,
  )

export async function expectError(res: Response, status: number, field?: string) {
  const error = await errorOf(res)
  expect(error.status, error.message).toBe(status)
  if (field) expect(Object.keys(error.fields ?? {}), error.message).toContain(field)
  return error
}

/** A list of this trader's open ads (the filter keeps other tests' ads out). */
export async function listOf(query: string) {
  const res = await send(t, `/api/trade-ads?${query}`)
  expect(res.status, await res.clone().text()).toBe(200)
  return tradeAdsResponseSchema.parse(await res.json())
}
