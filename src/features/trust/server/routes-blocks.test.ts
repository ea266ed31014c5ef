/**
 * Blocks between traders (what they stop, whose ads they hide) and the Verified badge an ad's owner
 * carries in the list.
 */
import { describe, expect, it } from 'vitest'
import { blocksResponseSchema } from '@/features/accounts/contract'
import { BLOCK_MESSAGES } from '@/features/accounts/rules'
import { tradeAdsResponseSchema } from '@/features/trading/contract'
import { robloxAccounts } from '@/features/verification/tables'
import { errorOf, send } from '@/test/accounts'
import {
  AD,
  adOf,
  adsOf,
  block,
  names,
  offer,
  offerOf,
  setUpTrustApp,
  type Trader,
  t,
  trader,
} from './routes-test-setup'

setUpTrustApp()

describe('blocks', () => {
  it('blocks and unblocks by username; the list shows whom I blocked', async () => {
    const me = await trader()
    const other = await trader()
    expect((await block(me, other.username)).status).toBe(204)
    expect((await block(me, other.username)).status).toBe(204) // again: nothing changes
    const res = await send(t, '/api/blocks', { cookie: me.cookie })
    expect(res.headers.get('cache-control')).toBe('private, no-store')
    const { blocks } = blocksResponseSchema.parse(await res.json())
    expect(blocks.map((b) => b.username)).toEqual([other.username])
    expect((await block(me, other.username, 'DELETE')).status).toBe(204)
    expect(await errorOf(await block(me, other.username, 'DELETE'))).toMatchObject({
      status: 404,
      message: BLOCK_MESSAGES.notBlocked,
    })
    expect(
      blocksResponseSchema.parse(await (await send(t, '/api/blocks', { cookie: me.cookie })).json()).blocks,
    ).toEqual([])
  })

  it('refuses a visitor (401), oneself (400), nobody (404) and a bad username (400)', async () => {
    const me = await trader()
    expect((await errorOf(await block(undefined, me.username))).status).toBe(401)
    expect((await errorOf(await send(t, '/api/blocks'))).status).toBe(401)
    expect(await errorOf(await block(me, me.username))).toMatchObject({
      status: 400,
      message: BLOCK_MESSAGES.blockSelf,
    })
    expect((await errorOf(await block(me, 'nobody_has_this_name'))).status).toBe(404)
    expect((await errorOf(await block(me, 'bad-name!'))).status).toBe(400)
  })

  it('stops offers (403) and messages (403) between the two, either way', async () => {
    const owner = await trader()
    const other = await trader()
    const adId = await adOf(owner)
    const offerId = await offerOf(adId, other)
    expect((await block(owner, other.username)).status).toBe(204)
    expect(await errorOf(await offer(await adOf(owner, { ...AD, tags: ['adds'] }), other))).toMatchObject({
      status: 403,
      message: BLOCK_MESSAGES.blocked,
    })
    const write = (by: Trader) =>
      send(t, `/api/trade-offers/${offerId}/messages`, { body: { body: 'hello?' }, cookie: by.cookie })
    expect((await errorOf(await write(other))).status).toBe(403)
    expect((await errorOf(await write(owner))).status).toBe(403)
    // The blocker cannot offer on the blocked trader's ads either.
    expect((await errorOf(await offer(await adOf(other), owner))).status).toBe(403)
    // Unblocked: they may talk again.
    expect((await block(owner, other.username, 'DELETE')).status).toBe(204)
    expect((await write(other)).status).toBe(201)
  })

  it("hides the blocked trader's ads from the blocker only, and keeps the list public for everyone else", async () => {
    const blocker = await trader()
    const blocked = await trader()
    const bystander = await trader()
    await adOf(blocked)
    expect((await block(blocker, blocked.username)).status).toBe(204)
    const visitor = await adsOf(blocked.username)
    expect(visitor.list.ads).toHaveLength(1)
    expect(visitor.cacheControl).toBe('public, no-cache')
    const seen = await adsOf(blocked.username, bystander.cookie)
    expect(seen.list.ads).toHaveLength(1)
    expect(seen.cacheControl).toBe('public, no-cache')
    const filtered = await adsOf(blocked.username, blocker.cookie)
    expect(filtered.list.ads).toEqual([])
    expect(filtered.cacheControl).toBe('private, no-store')
    // The whole list too (any game, any page): none of theirs.
    const all = tradeAdsResponseSchema.parse(
      await (await send(t, '/api/trade-ads', { cookie: blocker.cookie })).json(),
    )
    expect(all.ads.some((ad) => ad.owner.username === blocked.username)).toBe(false)
  })
})

describe('the Verified badge on ads', () => {
  it('shows the Roblox name on the owner of an ad, and "verified only" keeps verified traders', async () => {
    const verified = await trader()
    const plain = await trader()
    await t.database.db.insert(robloxAccounts).values({
      userId: verified.id,
      robloxId: 7_000_000 + names,
      name: 'FoxTrader',
      displayName: 'Fox',
      avatarUrl: null,
    })
    const ours = new Set([verified.username, plain.username])
    await adOf(verified)
    await adOf(plain)
    const all = tradeAdsResponseSchema.parse(await (await send(t, '/api/trade-ads')).json()).ads
    const mine = all.filter((ad) => ours.has(ad.owner.username))
    expect(mine.find((ad) => ad.owner.username === verified.username)?.owner.roblox).toEqual({
      name: 'FoxTrader',
      displayName: 'Fox',
      avatarUrl: null,
    })
    expect(mine.find((ad) => ad.owner.username === plain.username)?.owner.roblox).toBeNull()
    const only = tradeAdsResponseSchema.parse(await (await send(t, '/api/trade-ads?verified=1')).json()).ads
    expect(only.some((ad) => ad.owner.username === verified.username)).toBe(true)
    expect(only.every((ad) => ad.owner.roblox !== null)).toBe(true)
    expect((await errorOf(await send(t, '/api/trade-ads?verified=yes'))).status).toBe(400)
  })
})
