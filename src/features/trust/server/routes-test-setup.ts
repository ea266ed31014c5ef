/**
 * The app each trust route test file builds for its own tests: a low limit on reports, a server clock
 * the review window tests move ahead (reset after each test), and helpers to make traders and
 * moderators, trade, review, block, report and resolve reports.
 */
import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, expect } from 'vitest'
import { type TradeAdRequest, tradeAdsResponseSchema } from '@/features/trading/contract'
import { reportsResponseSchema, reviewSchema, reviewsResponseSchema } from '@/features/trust/contract'
import { users } from '@/platform/server/auth/tables'
import { send } from '@/test/accounts'
import { freshEmail, signedInUser } from '@/test/alert-delivery'
import { createTestApp } from '@/test/app'

export type TestApp = Awaited<ReturnType<typeof createTestApp>>

export const DAY = 24 * 60 * 60 * 1000

export let t: TestApp
/** The server's clock runs this far ahead of the real one (the review window); reset after each test. */
let ahead = 0
/** How many traders this file has made (their usernames are numbered). */
export let names = 0

/** Moves the server's clock this far ahead of the real one (until the end of the test). */
export function setAhead(ms: number) {
  ahead = ms
}

/** Builds the app before the calling file's tests, resets the clock after each, and closes it after them. */
export function setUpTrustApp() {
  beforeAll(async () => {
    t = await createTestApp({
      clock: () => new Date(Date.now() + ahead),
      limits: { trust: { reportsPerHour: { max: 4, windowSeconds: 3600 } } },
    })
  })
  afterAll(() => t.close())
  afterEach(() => {
    ahead = 0
  })
}

export type Trader = { id: string; email: string; cookie: string; username: string }

/** A signed-in trader with a username (an account `ageDays` old: 0 is a new account). */
export async function trader(ageDays = 10): Promise<Trader> {
  const user = await signedInUser(t, freshEmail('trust'))
  const username = `tt${process.pid % 1000}_${++names}_${Date.now() % 100_000}`
  const res = await send(t, '/api/profile/username', { body: { username }, cookie: user.cookie })
  expect(res.status, await res.clone().text()).toBe(200)
  if (ageDays > 0)
    await t.database.db
      .update(users)
      .set({ createdAt: new Date(Date.now() - ageDays * DAY) })
      .where(eq(users.id, user.id))
  return { ...user, username }
}

export async function moderator(): Promise<Trader> {
  const admin = await signedInUser(t, freshEmail('admin'), ['admin'])
  const mod = await trader()
  const res = await send(t, '/api/admin/roles', {
    body: { email: mod.email, role: 'moderator' },
    cookie: admin.cookie,
  })
  expect(res.status, await res.clone().text()).toBe(201)
  return mod
}

export const AD: TradeAdRequest = {
  game: 'blox-fruits',
  offering: [{ item: 'kitsune' }],
  requesting: [{ item: 'west-dragon' }],
  note: 'Quick trade',
}

export async function adOf(owner: Trader, body: TradeAdRequest = AD): Promise<number> {
  const res = await send(t, '/api/trade-ads', { body, cookie: owner.cookie })
  expect(res.status, await res.clone().text()).toBe(201)
  return ((await res.json()) as { id: number }).id
}

export const offer = (adId: number, by: Trader) =>
  send(t, `/api/trade-ads/${adId}/offers`, { body: {}, cookie: by.cookie })

export async function offerOf(adId: number, by: Trader): Promise<number> {
  const res = await offer(adId, by)
  expect(res.status, await res.clone().text()).toBe(201)
  return ((await res.json()) as { id: number }).id
}

export const act = (offerId: number, what: string, by: Trader) =>
  send(t, `/api/trade-offers/${offerId}/${what}`, { method: 'POST', cookie: by.cookie })

/** An offer of `offerer` on an ad of `owner`, accepted (and completed by both unless `complete: false`). */
export async function trade(owner: Trader, offerer: Trader, { complete = true } = {}) {
  const adId = await adOf(owner)
  const offerId = await offerOf(adId, offerer)
  expect((await act(offerId, 'accept', owner)).status).toBe(200)
  if (complete) {
    expect((await act(offerId, 'complete', owner)).status).toBe(200)
    expect((await act(offerId, 'complete', offerer)).status).toBe(200)
  }
  return { adId, offerId }
}

export const review = (offerId: number, by: Trader | undefined, body: unknown) =>
  send(t, `/api/trade-offers/${offerId}/review`, { body, cookie: by?.cookie })

export async function reviewed(offerId: number, by: Trader, rating: number, comment?: string) {
  const res = await review(offerId, by, { rating, comment })
  expect(res.status, await res.clone().text()).toBe(201)
  return reviewSchema.parse(await res.json())
}

export async function reviewsOf(username: string, page = 1) {
  const res = await send(t, `/api/users/${username}/reviews?page=${page}`)
  expect(res.status, await res.clone().text()).toBe(200)
  return reviewsResponseSchema.parse(await res.json())
}

export const block = (by: Trader | undefined, username: string, method = 'PUT') =>
  send(t, `/api/blocks/${username}`, { method, cookie: by?.cookie })

export async function adsOf(username: string, cookie?: string) {
  const res = await send(t, `/api/trade-ads?user=${username}`, { cookie })
  expect(res.status, await res.clone().text()).toBe(200)
  return {
    list: tradeAdsResponseSchema.parse(await res.json()),
    cacheControl: res.headers.get('cache-control'),
  }
}

export const report = (by: Trader | undefined, body: unknown) =>
  send(t, '/api/reports', { body, cookie: by?.cookie })

export async function reportOf(by: Trader, kind: string, id: number | string, reason = 'scam') {
  const res = await report(by, { target: { kind, id }, reason, details: 'Asked me to give first' })
  expect(res.status, await res.clone().text()).toBe(201)
  return ((await res.json()) as { id: number }).id
}

export const resolve = (id: number, by: Trader | undefined, body: unknown) =>
  send(t, `/api/admin/reports/${id}/resolve`, { body, cookie: by?.cookie })

export async function queue(by: Trader, status = 'open') {
  const res = await send(t, `/api/admin/reports?status=${status}`, { cookie: by.cookie })
  expect(res.status, await res.clone().text()).toBe(200)
  return reportsResponseSchema.parse(await res.json()).reports
}
