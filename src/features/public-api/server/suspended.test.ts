import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createdApiKeyResponseSchema,
  PUBLIC_API_MESSAGES,
  v1TradeAdsResponseSchema,
} from '@/features/public-api/contract'
import { TRADING_MESSAGES } from '@/features/trading/contract'
import { errorOf, send } from '@/test/accounts'
import { freshEmail, signedInUser } from '@/test/alert-delivery'
import { createTestApp } from '@/test/app'
import { publicApiClient } from '@/test/public-api'
import { created, signedInTrader, TRADE_AD, type Trader } from '@/test/trading'

/**
 * v1 and a suspended account: its ads are out of v1 as out of the site, and its API keys work only while
 * it may sign in (docs/product.md §16).
 */

type TestApp = Awaited<ReturnType<typeof createTestApp>>

let t: TestApp

beforeAll(async () => {
  t = await createTestApp({ env: { TRUST_PROXY: 'true' } })
})
afterAll(() => t.close())

const { get } = publicApiClient(() => t.app)

const admin = () => signedInUser(t, freshEmail('admin'), ['admin'])

async function suspend(who: { id: string }) {
  const res = await send(t, `/api/admin/users/${who.id}/suspend`, {
    body: { reason: 'Scammed a trader' },
    cookie: (await admin()).cookie,
  })
  expect(res.status, await res.clone().text()).toBe(200)
}

async function restore(who: { id: string }) {
  const res = await send(t, `/api/admin/users/${who.id}/restore`, {
    method: 'POST',
    cookie: (await admin()).cookie,
  })
  expect(res.status, await res.clone().text()).toBe(200)
}

async function v1Listed(owner: Trader): Promise<number[]> {
  const res = await get(`/api/v1/trade-ads?user=${owner.username}`)
  expect(res.status).toBe(200)
  return v1TradeAdsResponseSchema.parse(await res.json()).ads.map((ad) => ad.id)
}

describe("v1 and a suspended trader's ads", () => {
  it('lists and answers them no more (404) while suspended; again once restored', async () => {
    const owner = await signedInTrader(t)
    const adId = await created(t, '/api/trade-ads', owner.cookie, TRADE_AD)
    expect(await v1Listed(owner)).toEqual([adId])
    expect((await get(`/api/v1/trade-ads/${adId}`)).status).toBe(200)
    await suspend(owner)
    expect(await v1Listed(owner)).toEqual([])
    expect(await errorOf(await get(`/api/v1/trade-ads/${adId}`))).toMatchObject({
      status: 404,
      message: TRADING_MESSAGES.adNotFound,
    })
    await restore(owner)
    expect(await v1Listed(owner)).toEqual([adId])
    expect((await get(`/api/v1/trade-ads/${adId}`)).status).toBe(200)
  })
})

describe("a suspended account's API keys", () => {
  it('are refused with a clear message while it is suspended, and work again once restored', async () => {
    const owner = await signedInUser(t, freshEmail('apikey-suspended'))
    const made = await send(t, '/api/profile/api-keys', { body: { name: 'My bot' }, cookie: owner.cookie })
    expect(made.status).toBe(201)
    const { key } = createdApiKeyResponseSchema.parse(await made.json())
    expect((await get('/api/v1/games', { 'x-api-key': key })).status).toBe(200)

    await suspend(owner)
    const res = await get('/api/v1/games', { 'x-api-key': key })
    expect(res.status).toBe(403)
    const refused = await errorOf(res)
    expect(refused.message).toBe(
      PUBLIC_API_MESSAGES.keyOwnerRefused('This account is suspended. Reason: Scammed a trader'),
    )

    await restore(owner)
    expect((await get('/api/v1/games', { 'x-api-key': key })).status).toBe(200)
  })

  it('another account keeps using its key', async () => {
    const other = await signedInUser(t, freshEmail('apikey-fine'))
    const made = await send(t, '/api/profile/api-keys', { body: { name: 'Fine bot' }, cookie: other.cookie })
    const { key } = createdApiKeyResponseSchema.parse(await made.json())
    await suspend(await signedInUser(t, freshEmail('apikey-someone')))
    expect((await get('/api/v1/games', { 'x-api-key': key })).status).toBe(200)
  })
})
