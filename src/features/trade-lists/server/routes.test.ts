/**
 * Have/want lists and matches through the API: the lists (read, replace, public), the matches with the
 * verdict for the trader and what they leave out, a trader's public lists, and the notice of a new ad
 * that matches (once per ad, by the trader's alert channels).
 */
import { and, eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { defaultVariantOf } from '@/features/catalog/rules'
import { notifications } from '@/features/notifications/server/public'
import { userSuspensions } from '@/features/roles/tables'
import {
  publicTradeListsResponseSchema,
  TRADE_LIST_LIMITS,
  type TradeListsRequest,
  type TradeMatch,
  tradeListsResponseSchema,
  tradeMatchesResponseSchema,
} from '@/features/trade-lists/contract'
import { tradeListItems, tradeLists, tradeMatchNotices } from '@/features/trade-lists/tables'
import type { TradeAdRequest } from '@/features/trading/contract'
import { tradeAds } from '@/features/trading/tables'
import { errorOf, send } from '@/test/accounts'
import { follow } from '@/test/alert-delivery'
import { createTestApp } from '@/test/app'
import { created, signedInTrader, type Trader } from '@/test/trading'
import { notifyMatches } from './service'

type TestApp = Awaited<ReturnType<typeof createTestApp>>

const GAME = 'blox-fruits'
const SIGN_IN = 'Please sign in to continue.'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())
// Whatever a test sends, the API never fails with an unhandled error (a 500).
afterEach(() => {
  expect(t.loggedErrors.splice(0), 'the app logged an unhandled error').toEqual([])
})

const trader = () => signedInTrader(t)
const putLists = (cookie: string | undefined, body: unknown, game = GAME) =>
  send(t, `/api/me/lists/${game}`, { method: 'PUT', body, cookie })
const getLists = (cookie: string | undefined, game = GAME) => send(t, `/api/me/lists/${game}`, { cookie })

async function saved(who: Trader, body: TradeListsRequest, game = GAME) {
  const res = await putLists(who.cookie, body, game)
  expect(res.status, await res.clone().text()).toBe(200)
  return tradeListsResponseSchema.parse(await res.json())
}

/** The matches of `who`, of the ads of these owners only (other tests' ads are in the same database). */
async function matchesOf(who: Trader, owners: readonly Trader[], query = `?game=${GAME}`) {
  const res = await send(t, `/api/me/matches${query}`, { cookie: who.cookie })
  expect(res.status, await res.clone().text()).toBe(200)
  expect(res.headers.get('cache-control')).toBe('private, no-store')
  const names = new Set(owners.map((o) => o.username))
  return tradeMatchesResponseSchema
    .parse(await res.json())
    .matches.filter((m) => names.has(m.ad.owner.username))
}

const postAd = (owner: Trader, ad: TradeAdRequest) => created(t, '/api/trade-ads', owner.cookie, ad)

/** An ad offering a Kitsune for a West Dragon (a win for its owner: a loss for the one who has the Dragon). */
const DRAGON_FOR_KITSUNE: TradeAdRequest = {
  game: GAME,
  offering: [{ item: 'kitsune' }],
  requesting: [{ item: 'west-dragon' }],
}

const matchNotices = (userId: string) =>
  t.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'trade-match')))

const slots = (m: TradeMatch, side: 'give' | 'get') => m[side].map((s) => [s.item, s.variant, s.quantity])

describe('GET and PUT /api/me/lists/:game', () => {
  it('answers empty, private lists before any save', async () => {
    const me = await trader()
    const res = await getLists(me.cookie)
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('private, no-store')
    expect(tradeListsResponseSchema.parse(await res.json())).toEqual({
      game: GAME,
      have: [],
      want: [],
      public: false,
      updatedAt: null,
    })
  })

  it('replaces both lists, answers them in order with quantities, and GET gives the same', async () => {
    const me = await trader()
    const first = await saved(me, {
      have: [
        { item: 'dough', quantity: 3 },
        { item: 'control', variant: 'permanent' },
      ],
      want: [{ item: 'kitsune' }],
    })
    expect(first).toMatchObject({
      game: GAME,
      have: [
        { item: 'dough', variant: null, quantity: 3 },
        { item: 'control', variant: 'permanent', quantity: 1 },
      ],
      want: [{ item: 'kitsune', variant: null, quantity: 1 }],
      public: false,
    })
    expect(first.updatedAt).not.toBeNull()
    // The game's default variant written out is kept as none (the item's own value).
    expect((await saved(me, { have: [{ item: 'dough', variant: 'physical' }], want: [] })).have).toEqual([
      { item: 'dough', variant: null, quantity: 1 },
    ])
    const again = await saved(me, { have: [], want: [{ item: 'tiger' }, { item: 'kitsune' }], public: true })
    expect(again).toMatchObject({ have: [], want: [{ item: 'tiger' }, { item: 'kitsune' }], public: true })
    expect(tradeListsResponseSchema.parse(await (await getLists(me.cookie)).json())).toEqual(again)
    // `public` left out keeps what it was; another game's lists are apart.
    expect((await saved(me, { have: [{ item: 'dough' }], want: [] })).public).toBe(true)
    expect((await saved(me, { have: [], want: [] }, 'adopt-me')).public).toBe(false)
    expect((await saved(me, { have: [], want: [], public: false })).public).toBe(false)
  })

  it("one trader's lists are their own", async () => {
    const [a, b] = [await trader(), await trader()]
    await saved(a, { have: [{ item: 'dough' }], want: [] })
    const theirs = tradeListsResponseSchema.parse(await (await getLists(b.cookie)).json())
    expect(theirs.have).toEqual([])
  })

  it('bad input is a 400 naming the field, and nothing changes', async () => {
    const me = await trader()
    const before = await saved(me, { have: [{ item: 'dough' }], want: [{ item: 'kitsune' }] })
    const cases: [unknown, string][] = [
      [{ have: [{ item: 'no-such-item' }], want: [] }, 'have.0.item'],
      [{ have: [], want: [{ item: 'kitsune' }, { item: 'pet-not-here' }] }, 'want.1.item'],
      [{ have: [{ item: 'kitsune', variant: 'golden' }], want: [] }, 'have.0.variant'],
      [{ have: [{ item: 'dough' }, { item: 'dough' }], want: [] }, 'have.1.item'],
      // The default variant is the item's own value: the same entry.
      [{ have: [{ item: 'dough' }, { item: 'dough', variant: 'physical' }], want: [] }, 'have.1.item'],
      [{ have: [{ item: 'dough', quantity: 0 }], want: [] }, 'have.0.quantity'],
      [{ have: [{ item: 'dough', quantity: 1000 }], want: [] }, 'have.0.quantity'],
      [{ have: [{ item: 'dough', quantity: 1.5 }], want: [] }, 'have.0.quantity'],
      [{ have: [{ item: 'Dough' }], want: [] }, 'have.0.item'],
      [{ have: [{ item: 'dough', extra: 1 }], want: [] }, 'have.0'],
      [{ have: 'dough', want: [] }, 'have'],
      [{ want: [] }, 'have'],
      [{ have: [], want: [], public: 'yes' }, 'public'],
      [{ have: [], want: [], owner: 'someone' }, ''],
    ]
    for (const [body, field] of cases) {
      const error = await errorOf(await putLists(me.cookie, body))
      expect(error.status, JSON.stringify(body)).toBe(400)
      if (field) expect(Object.keys(error.fields ?? {}), JSON.stringify(body)).toContain(field)
    }
    // An item of another game is not an item of this one.
    const other = await errorOf(
      await putLists(me.cookie, { have: [{ item: 'kitsune' }], want: [] }, 'adopt-me'),
    )
    expect(other).toMatchObject({
      status: 400,
      fields: { 'have.0.item': '"kitsune" is not an item of Adopt Me!' },
    })
    // Not JSON at all.
    const raw = await t.app.request(`/api/me/lists/${GAME}`, {
      method: 'PUT',
      headers: { origin: 'http://localhost:3000', cookie: me.cookie, 'content-type': 'application/json' },
      body: '{"have": [',
    })
    expect(raw.status).toBe(400)
    expect(tradeListsResponseSchema.parse(await (await getLists(me.cookie)).json())).toEqual(before)
  })

  it('a list holds at most 100 items: 100 are saved, 101 are a 400', async () => {
    const me = await trader()
    const ids = (
      (await (await send(t, `/api/games/${GAME}/items?pageSize=100&sort=name`)).json()) as {
        items: { id: string; variants: Record<string, unknown> | null }[]
      }
    ).items
    // Each item, and each of its other variants, is an entry of its own (the default is the item's own).
    const entries = ids
      .flatMap((i) => [
        { item: i.id },
        ...Object.keys(i.variants ?? {})
          .filter((variant) => variant !== defaultVariantOf(GAME))
          .map((variant) => ({ item: i.id, variant })),
      ])
      .slice(0, TRADE_LIST_LIMITS.maxPerList + 1)
    expect(entries).toHaveLength(101)
    const full = await saved(me, { have: entries.slice(0, 100), want: entries.slice(0, 100) })
    expect(full.have).toHaveLength(100)
    expect(full.want).toHaveLength(100)
    for (const body of [
      { have: entries, want: [] },
      { have: [], want: entries },
    ]) {
      const error = await errorOf(await putLists(me.cookie, body))
      expect(error).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' })
      expect(error.message).toMatch(/at most 100 items/)
    }
    expect(tradeListsResponseSchema.parse(await (await getLists(me.cookie)).json()).have).toHaveLength(100)
  })

  it('an unknown game is a 404', async () => {
    const me = await trader()
    for (const res of [
      await getLists(me.cookie, 'no-such-game'),
      await putLists(me.cookie, { have: [], want: [] }, 'no-such-game'),
    ])
      expect(await errorOf(res)).toMatchObject({ status: 404, message: 'Unknown game "no-such-game"' })
  })

  it('a visitor gets 401 and nothing is stored; a cross-site PUT is refused', async () => {
    const me = await trader()
    await saved(me, { have: [{ item: 'dough' }], want: [] })
    const rows = await t.database.db.select().from(tradeLists)
    for (const res of [
      await getLists(undefined),
      await putLists(undefined, { have: [{ item: 'kitsune' }], want: [] }),
      await putLists('better-auth.session_token=forged.value', { have: [], want: [] }),
      await send(t, '/api/me/matches'),
    ])
      expect(await errorOf(res)).toMatchObject({ status: 401, code: 'UNAUTHORIZED', message: SIGN_IN })
    const crossSite = await send(t, `/api/me/lists/${GAME}`, {
      method: 'PUT',
      body: { have: [], want: [] },
      cookie: me.cookie,
      headers: { origin: 'https://evil.example.com' },
    })
    expect(crossSite.status).toBe(403)
    expect(await t.database.db.select().from(tradeLists)).toEqual(rows)
    const mine = tradeListsResponseSchema.parse(await (await getLists(me.cookie)).json())
    expect(mine.have).toEqual([{ item: 'dough', variant: null, quantity: 1 }])
  })
})

describe('GET /api/me/matches', () => {
  it('answers the ads that offer what I want for what I have, with the verdict for me', async () => {
    const [me, owner] = [await trader(), await trader()]
    await saved(me, {
      have: [{ item: 'west-dragon' }, { item: 'dough', quantity: 2 }],
      want: [{ item: 'kitsune' }],
    })
    const adId = await postAd(owner, {
      game: GAME,
      offering: [{ item: 'kitsune' }, { item: 'buddha' }],
      requesting: [{ item: 'dough', quantity: 5 }, { item: 'yeti' }],
    })
    const [match, ...rest] = await matchesOf(me, [owner])
    expect(rest).toEqual([])
    expect(match!.ad).toMatchObject({ id: adId, status: 'open', owner: { username: owner.username } })
    // I get all it offers; I give the Dough it asks for, as many as I have (2 of its 5).
    expect(slots(match!, 'get')).toEqual([
      ['kitsune', null, 1],
      ['buddha', null, 1],
    ])
    expect(slots(match!, 'give')).toEqual([['dough', null, 2]])
    expect(match).toMatchObject({ wanted: 1, had: 1, any: false })
    // Kitsune + Buddha (650M) for two Dough (60M): a win for me, by the calculator's rule.
    expect(match!.wfl).toMatchObject({
      offering: 60_000_000,
      requesting: 650_000_000,
      verdict: 'win',
      band: 10,
    })
    expect(match!.give[0]).toMatchObject({ name: 'Dough', value: 30_000_000 })
  })

  it('best first: a win for me before fair before a loss', async () => {
    const [me, owner] = [await trader(), await trader()]
    await saved(me, {
      have: [{ item: 'west-dragon' }, { item: 'kitsune' }, { item: 'buddha' }],
      want: [{ item: 'kitsune' }, { item: 'control' }, { item: 'tiger' }],
    })
    // A Tiger (130M) for my West Dragon (3.91B): a loss for me.
    const loss = await postAd(owner, {
      game: GAME,
      offering: [{ item: 'tiger' }],
      requesting: [{ item: 'west-dragon' }],
    })
    // A Kitsune (640M) for my Buddha (10M): a win.
    const win = await postAd(owner, {
      game: GAME,
      offering: [{ item: 'kitsune' }],
      requesting: [{ item: 'buddha' }],
    })
    // A Kitsune for my Kitsune: fair.
    const fair = await postAd(owner, {
      game: GAME,
      offering: [{ item: 'kitsune' }, { item: 'buddha' }],
      requesting: [{ item: 'kitsune' }],
    })
    const found = await matchesOf(me, [owner])
    expect(found.map((m) => [m.ad.id, m.wfl.verdict])).toEqual([
      [win, 'win'],
      [fair, 'fair'],
      [loss, 'loss'],
    ])
  })

  it('an ad that asks for "any" matches on what it offers; its other asks are not mine to give', async () => {
    const [me, owner] = [await trader(), await trader()]
    await saved(me, { have: [{ item: 'dough' }], want: [{ item: 'tiger' }] })
    const adId = await postAd(owner, {
      game: GAME,
      offering: [{ item: 'tiger' }],
      requesting: [{ item: 'yeti' }],
      tags: ['any'],
    })
    const noAny = await postAd(owner, {
      game: GAME,
      offering: [{ item: 'tiger' }],
      requesting: [{ item: 'yeti' }],
      tags: ['adds'],
    })
    const found = await matchesOf(me, [owner])
    expect(found.map((m) => m.ad.id)).toEqual([adId])
    expect(found[0]).toMatchObject({ any: true, give: [], had: 0 })
    expect(found[0]!.wfl.verdict).toBeNull()
    expect(found.map((m) => m.ad.id)).not.toContain(noAny)
  })

  it('leaves out my own ads, and ads of traders I blocked or who blocked me', async () => {
    const [me, mine, blocked, blocker, other] = [
      await trader(),
      await trader(),
      await trader(),
      await trader(),
      await trader(),
    ]
    await saved(me, { have: [{ item: 'west-dragon' }], want: [{ item: 'kitsune' }] })
    await saved(mine, { have: [{ item: 'west-dragon' }], want: [{ item: 'kitsune' }] })
    const own = await postAd(mine, DRAGON_FOR_KITSUNE)
    const ofBlocked = await postAd(blocked, DRAGON_FOR_KITSUNE)
    const ofBlocker = await postAd(blocker, DRAGON_FOR_KITSUNE)
    const ofOther = await postAd(other, DRAGON_FOR_KITSUNE)
    const all = [mine, blocked, blocker, other]
    expect((await matchesOf(me, all)).map((m) => m.ad.id).sort()).toEqual(
      [ofBlocked, ofBlocker, ofOther, own].sort(),
    )
    // The trader who posted one sees the others, never their own.
    expect((await matchesOf(mine, all)).map((m) => m.ad.id)).not.toContain(own)

    expect(
      (await send(t, `/api/blocks/${blocked.username}`, { method: 'PUT', cookie: me.cookie })).status,
    ).toBe(204)
    expect(
      (await send(t, `/api/blocks/${me.username}`, { method: 'PUT', cookie: blocker.cookie })).status,
    ).toBe(204)
    expect((await matchesOf(me, all)).map((m) => m.ad.id).sort()).toEqual([ofOther, own].sort())
  })

  it('leaves out ads that closed, that a moderator hid, and those of suspended traders', async () => {
    const [me, a, b, c, d] = [await trader(), await trader(), await trader(), await trader(), await trader()]
    await saved(me, { have: [{ item: 'west-dragon' }], want: [{ item: 'kitsune' }] })
    const closed = await postAd(a, DRAGON_FOR_KITSUNE)
    const hidden = await postAd(b, DRAGON_FOR_KITSUNE)
    await postAd(c, DRAGON_FOR_KITSUNE)
    const open = await postAd(d, DRAGON_FOR_KITSUNE)
    expect((await matchesOf(me, [a, b, c, d])).length).toBe(4)
    expect((await send(t, `/api/trade-ads/${closed}`, { method: 'DELETE', cookie: a.cookie })).status).toBe(
      200,
    )
    await t.database.db.update(tradeAds).set({ hiddenAt: new Date() }).where(eq(tradeAds.id, hidden))
    await t.database.db.insert(userSuspensions).values({ userId: c.id, reason: 'scams' })
    expect((await matchesOf(me, [a, b, c, d])).map((m) => m.ad.id)).toEqual([open])
  })

  it('without a game, every game I have lists of; no lists, no matches; a bad game is a 400', async () => {
    const [me, owner] = [await trader(), await trader()]
    expect(await matchesOf(me, [owner], '')).toEqual([])
    await saved(me, { have: [{ item: 'west-dragon' }], want: [{ item: 'kitsune' }] })
    const adId = await postAd(owner, DRAGON_FOR_KITSUNE)
    expect((await matchesOf(me, [owner], '')).map((m) => m.ad.id)).toEqual([adId])
    expect(await matchesOf(me, [owner], '?game=adopt-me')).toEqual([])
    for (const query of ['?game=no-such-game', '?game=', '?other=1', '?game=blox-fruits&game=fisch'])
      expect(
        (await errorOf(await send(t, `/api/me/matches${query}`, { cookie: me.cookie }))).status,
        query,
      ).toBe(400)
  })
})

describe('a new ad that matches notifies', () => {
  it('the traders whose lists it matches, once per ad, in the app, linking to the ad', async () => {
    const [me, other, owner] = [await trader(), await trader(), await trader()]
    await saved(me, { have: [{ item: 'west-dragon' }], want: [{ item: 'kitsune' }] })
    // Wants the Kitsune, but has nothing the ad asks for: not a match.
    await saved(other, { have: [{ item: 'dough' }], want: [{ item: 'kitsune' }] })
    const adId = await postAd(owner, DRAGON_FOR_KITSUNE)
    const [notice, ...more] = await matchNotices(me.id)
    expect(more).toEqual([])
    expect(notice).toMatchObject({
      title: 'A new trade ad matches your lists',
      link: `/trading/ad/${adId}`,
      gameId: GAME,
      readAt: null,
    })
    expect(notice!.body).toBe('Blox Fruits: Kitsune for your West Dragon: a loss for you.')
    expect(await matchNotices(other.id)).toEqual([])
    expect(await matchNotices(owner.id)).toEqual([])

    // The hook again (a retry, a second instance): the (trader, ad) row keeps it to one.
    const [ad] = await t.database.db.select().from(tradeAds).where(eq(tradeAds.id, adId))
    const again = await notifyMatches(
      { db: t.database.db, cache: t.cache, publicUrl: 'http://localhost:3000' },
      {
        id: adId,
        userId: ad!.userId,
        gameId: GAME,
        offering: [{ itemId: 'kitsune', variant: null, quantity: 1 }],
        requesting: [{ itemId: 'west-dragon', variant: null, quantity: 1 }],
        tags: [],
      },
    )
    expect(again).toBe(0)
    expect(await matchNotices(me.id)).toHaveLength(1)
    expect(
      await t.database.db
        .select()
        .from(tradeMatchNotices)
        .where(and(eq(tradeMatchNotices.adId, adId), eq(tradeMatchNotices.userId, me.id))),
    ).toHaveLength(1)

    // Closed and relisted: the same ad, told once.
    expect((await send(t, `/api/trade-ads/${adId}`, { method: 'DELETE', cookie: owner.cookie })).status).toBe(
      200,
    )
    expect(
      (await send(t, `/api/trade-ads/${adId}/relist`, { method: 'POST', cookie: owner.cookie })).status,
    ).toBe(200)
    expect(await matchNotices(me.id)).toHaveLength(1)

    // Another matching ad is another notice.
    const second = await postAd(owner, { ...DRAGON_FOR_KITSUNE, tags: ['adds'] })
    expect((await matchNotices(me.id)).map((n) => n.link).sort()).toEqual(
      [`/trading/ad/${adId}`, `/trading/ad/${second}`].sort(),
    )
  })

  it("by the trader's alert channels: with trade e-mails on, it waits for their alert mail", async () => {
    const [me, owner] = [await trader(), await trader()]
    await follow(t, me.id, { settings: { emailTrades: true } })
    await saved(me, { have: [{ item: 'west-dragon' }], want: [{ item: 'kitsune' }] })
    await postAd(owner, DRAGON_FOR_KITSUNE)
    const [notice] = await matchNotices(me.id)
    expect(notice).toMatchObject({ kind: 'trade-match', emailPending: true })
  })

  it('never the owner, nor a trader who blocked the owner or whom the owner blocked, nor a suspended trader', async () => {
    const [owner, blocker, blocked, suspended, fine] = [
      await trader(),
      await trader(),
      await trader(),
      await trader(),
      await trader(),
    ]
    for (const who of [owner, blocker, blocked, suspended, fine])
      await saved(who, { have: [{ item: 'west-dragon' }], want: [{ item: 'kitsune' }] })
    expect(
      (await send(t, `/api/blocks/${owner.username}`, { method: 'PUT', cookie: blocker.cookie })).status,
    ).toBe(204)
    expect(
      (await send(t, `/api/blocks/${blocked.username}`, { method: 'PUT', cookie: owner.cookie })).status,
    ).toBe(204)
    await t.database.db.insert(userSuspensions).values({ userId: suspended.id, reason: 'scams' })
    await postAd(owner, DRAGON_FOR_KITSUNE)
    expect((await matchNotices(fine.id)).length).toBe(1)
    for (const who of [owner, blocker, blocked, suspended]) expect(await matchNotices(who.id)).toEqual([])
  })

  it('a list entry with a variant is told only of ads with that variant', async () => {
    const [me, owner] = [await trader(), await trader()]
    await saved(me, { have: [{ item: 'west-dragon' }], want: [{ item: 'kitsune', variant: 'permanent' }] })
    await postAd(owner, DRAGON_FOR_KITSUNE)
    expect(await matchNotices(me.id)).toEqual([])
    await postAd(owner, { ...DRAGON_FOR_KITSUNE, offering: [{ item: 'kitsune', variant: 'permanent' }] })
    expect(await matchNotices(me.id)).toHaveLength(1)
  })

  it("an ad naming the game's default variant is the item's own value: it matches a list without one", async () => {
    const [me, owner] = [await trader(), await trader()]
    await saved(me, { have: [{ item: 'west-dragon' }], want: [{ item: 'kitsune' }] })
    const adId = await postAd(owner, {
      ...DRAGON_FOR_KITSUNE,
      offering: [{ item: 'kitsune', variant: 'physical' }],
    })
    expect((await matchNotices(me.id)).map((n) => n.link)).toEqual([`/trading/ad/${adId}`])
    expect((await matchesOf(me, [owner])).map((m) => m.ad.id)).toEqual([adId])
  })
})

describe('GET /api/users/:username/lists', () => {
  it('answers the lists a trader made public, with names, and no others', async () => {
    const me = await trader()
    const visitor = await send(t, `/api/users/${me.username}/lists`)
    expect(publicTradeListsResponseSchema.parse(await visitor.json())).toEqual({ lists: [] })
    await saved(me, { have: [{ item: 'dough', quantity: 2 }], want: [{ item: 'kitsune' }], public: true })
    // Another game's lists, private; a third's public but empty: neither shows.
    await saved(me, { have: [{ item: 'shadow-dragon' }], want: [] }, 'adopt-me')
    await saved(me, { have: [], want: [], public: true }, 'fisch')
    const res = await send(t, `/api/users/${me.username}/lists`)
    expect(res.status).toBe(200)
    const { lists } = publicTradeListsResponseSchema.parse(await res.json())
    expect(lists).toHaveLength(1)
    expect(lists[0]).toMatchObject({
      game: GAME,
      have: [{ item: 'dough', variant: null, quantity: 2, name: 'Dough' }],
      want: [{ item: 'kitsune', variant: null, quantity: 1, name: 'Kitsune' }],
    })
    // Private again: gone from the profile.
    await saved(me, { have: [{ item: 'dough' }], want: [], public: false })
    expect(
      publicTradeListsResponseSchema.parse(await (await send(t, `/api/users/${me.username}/lists`)).json()),
    ).toEqual({
      lists: [],
    })
  })

  it('a suspended trader shows none; an unknown name is a 404, a malformed one a 400', async () => {
    const me = await trader()
    await saved(me, { have: [{ item: 'dough' }], want: [], public: true })
    await t.database.db.insert(userSuspensions).values({ userId: me.id, reason: 'scams' })
    expect(
      publicTradeListsResponseSchema.parse(await (await send(t, `/api/users/${me.username}/lists`)).json()),
    ).toEqual({
      lists: [],
    })
    expect((await errorOf(await send(t, '/api/users/nobody_here_at_all/lists'))).status).toBe(404)
    expect((await errorOf(await send(t, '/api/users/Not%20A%20Name!/lists'))).status).toBe(400)
  })

  it('stores nothing of a list that was refused (the rows are the answer)', async () => {
    const me = await trader()
    await putLists(me.cookie, { have: [{ item: 'no-such-item' }], want: [] })
    expect(await t.database.db.select().from(tradeListItems).where(eq(tradeListItems.userId, me.id))).toEqual(
      [],
    )
  })
})
