import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  ALERT_LIMITS,
  ALERT_MESSAGES,
  watchlistResponseSchema,
  watchResponseSchema,
} from '@/features/alerts/contract'
import { watches } from '@/features/alerts/tables'
import { items } from '@/features/catalog/tables'
import { errorOf, send } from '@/test/accounts'
import { aliceAndBob } from '@/test/alert-delivery'
import { createTestApp } from '@/test/app'

type TestApp = Awaited<ReturnType<typeof createTestApp>>

const SIGN_IN = 'Please sign in to continue.'

describe('watchlist API', () => {
  let t: TestApp
  let alice: string
  let bob: string
  let aliceId: string

  const put = (path: string, body: unknown, cookie?: string) =>
    send(t, `/api/watchlist/${path}`, { method: 'PUT', body, cookie })
  const del = (path: string, cookie?: string) =>
    send(t, `/api/watchlist/${path}`, { method: 'DELETE', cookie })
  const watched = async (res: Response) => {
    expect(res.status, await res.clone().text()).toBe(200)
    return watchResponseSchema.parse(await res.json()).watch
  }
  const list = async (cookie: string) => {
    const res = await send(t, '/api/watchlist', { cookie })
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('private, no-store')
    return watchlistResponseSchema.parse(await res.json()).watches
  }
  const allRows = () => t.database.db.select().from(watches).orderBy(watches.userId, watches.itemId)

  beforeAll(async () => {
    t = await createTestApp()
    ;({ alice, bob, aliceId } = await aliceAndBob(t))
  })
  afterAll(() => t.close())
  beforeEach(async () => {
    await t.database.db.delete(watches)
  })
  afterEach(() => {
    expect(t.loggedErrors.splice(0), 'the app logged an unhandled error').toEqual([])
  })

  it('a new watch starts with both channels, takes the body, and comes back with the catalog facts', async () => {
    const watch = await watched(await put('grow-a-garden/beanstalk', { restock: true }, alice))
    expect(watch).toMatchObject({
      game: 'grow-a-garden',
      item: 'beanstalk',
      name: 'Beanstalk',
      category: 'seed',
      rarity: 'Prismatic',
      restock: true,
      value: false,
      email: true,
      discord: true,
    })
    const [row] = await allRows()
    expect(row).toMatchObject({
      userId: aliceId,
      gameId: 'grow-a-garden',
      itemId: 'beanstalk',
      restock: true,
    })
  })

  it('fields left out keep their value; both kinds off removes the watch', async () => {
    await put('blox-fruits/kitsune', { restock: true }, alice)
    expect(
      await watched(await put('blox-fruits/kitsune', { value: true, email: false }, alice)),
    ).toMatchObject({
      restock: true,
      value: true,
      email: false,
      discord: true,
    })
    expect(await watched(await put('blox-fruits/kitsune', { discord: false }, alice))).toMatchObject({
      restock: true,
      value: true,
      email: false,
      discord: false,
    })
    expect(await watched(await put('blox-fruits/kitsune', { restock: false }, alice))).toMatchObject({
      restock: false,
      value: true,
    })
    expect(await watched(await put('blox-fruits/kitsune', { value: false }, alice))).toBeNull()
    expect(await allRows()).toEqual([])
  })

  it('value changes can be watched in any game; restocks only where a shop sells the item', async () => {
    expect(await watched(await put('adopt-me/bat-dragon', { value: true }, alice))).toMatchObject({
      name: 'Bat Dragon',
      value: true,
      restock: false,
    })
    const refusals: [string, unknown, string][] = [
      ['adopt-me/bat-dragon', { restock: true }, ALERT_MESSAGES.noStockTracker],
      ['adopt-me/shadow-dragon', { restock: true, value: true }, ALERT_MESSAGES.noStockTracker],
      ['grow-a-garden/pumpkin-rat', { restock: true }, ALERT_MESSAGES.neverInShop('Pumpkin Rat')],
      ['blox-fruits/dark-blade', { restock: true }, ALERT_MESSAGES.neverInShop('Dark Blade')],
      ['blox-fruits/kitsune', { restock: false, value: false }, ALERT_MESSAGES.watchNothing],
      ['blox-fruits/kitsune', { email: false }, ALERT_MESSAGES.watchNothing],
    ]
    const before = await allRows()
    for (const [path, body, message] of refusals) {
      const error = await errorOf(await put(path, body, alice))
      expect(error, path).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', message })
      expect(error.fields).toEqual({ restock: message })
    }
    expect(await allRows()).toEqual(before)
  })

  it('bad bodies are a 400 and change nothing', async () => {
    await put('blox-fruits/kitsune', { value: true }, alice)
    const before = await allRows()
    for (const body of [{}, { restock: 'yes' }, { value: 1 }, { value: true, extra: 1 }, [], null]) {
      const res = await put('blox-fruits/kitsune', body, alice)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect((await errorOf(res)).code).toBe('VALIDATION_FAILED')
    }
    const empty = await errorOf(await put('blox-fruits/kitsune', {}, alice))
    expect(empty.message).toContain(ALERT_MESSAGES.watchNothing)
    expect(await allRows()).toEqual(before)
  })

  it('an unknown game or item is a 404 for PUT and DELETE, and nothing is stored', async () => {
    const cases: [string, string][] = [
      ['blox-fruits/no-such-item', 'Item not found'],
      ['blox-fruits/Kitsune', 'Item not found'],
      ['adopt-me/kitsune', 'Item not found'],
      ['no-such-game/kitsune', 'Unknown game "no-such-game"'],
    ]
    for (const [path, message] of cases) {
      expect(await errorOf(await put(path, { value: true }, alice)), path).toMatchObject({
        status: 404,
        code: 'NOT_FOUND',
        message,
      })
      expect(await errorOf(await del(path, alice)), path).toMatchObject({ status: 404, message })
    }
    expect(await allRows()).toEqual([])
  })

  it('DELETE removes the watch and is a success again when it is gone', async () => {
    await put('blox-fruits/kitsune', { value: true }, alice)
    for (let i = 0; i < 2; i++) {
      const res = await del('blox-fruits/kitsune', alice)
      expect(res.status).toBe(200)
      expect(watchResponseSchema.parse(await res.json())).toEqual({ watch: null })
    }
    expect(await allRows()).toEqual([])
  })

  it('lists the watches newest first, across games, with names from the catalog', async () => {
    await put('blox-fruits/kitsune', { value: true }, alice)
    await put('grow-a-garden/carrot', { restock: true }, alice)
    await put('adopt-me/bat-dragon', { value: true }, alice)
    await put('blox-fruits/dough', { restock: true, value: true }, alice)
    const mine = await list(alice)
    expect(mine.map((w) => [w.game, w.item, w.name])).toEqual([
      ['blox-fruits', 'dough', 'Dough'],
      ['adopt-me', 'bat-dragon', 'Bat Dragon'],
      ['grow-a-garden', 'carrot', 'Carrot'],
      ['blox-fruits', 'kitsune', 'Kitsune'],
    ])
    expect(mine[2]).toMatchObject({ category: 'seed', rarity: 'Common', restock: true, value: false })
    // Changing a watch does not move it.
    await put('blox-fruits/kitsune', { restock: true }, alice)
    expect((await list(alice)).at(-1)?.item).toBe('kitsune')
  })

  it("a user never sees or changes another user's watches", async () => {
    await put('blox-fruits/kitsune', { value: true }, alice)
    expect(await list(bob)).toEqual([])
    // Bob's PUT of the same item makes his own watch; his DELETE removes only his.
    expect(await watched(await put('blox-fruits/kitsune', { restock: true }, bob))).toMatchObject({
      restock: true,
      value: false,
    })
    await del('blox-fruits/kitsune', bob)
    expect(await list(alice)).toMatchObject([{ item: 'kitsune', restock: false, value: true }])
    expect(await list(bob)).toEqual([])
  })

  it('a visitor gets 401 everywhere, and nothing changes', async () => {
    await put('blox-fruits/kitsune', { value: true }, alice)
    const before = await allRows()
    for (const res of [
      await send(t, '/api/watchlist'),
      await put('blox-fruits/kitsune', { value: true }),
      await del('blox-fruits/kitsune'),
      await put('blox-fruits/kitsune', { value: true }, 'better-auth.session_token=forged.value'),
    ]) {
      expect(await errorOf(res)).toMatchObject({ status: 401, code: 'UNAUTHORIZED', message: SIGN_IN })
    }
    expect(await allRows()).toEqual(before)
  })

  it(`at most ${ALERT_LIMITS.maxWatches} watches, even with parallel requests; changing one is still allowed`, async () => {
    const ids = (
      await t.database.db
        .select({ id: items.id })
        .from(items)
        .where(eq(items.gameId, 'grow-a-garden'))
        .orderBy(items.id)
        .limit(ALERT_LIMITS.maxWatches + 10)
    ).map((r) => r.id)
    expect(ids.length).toBeGreaterThan(ALERT_LIMITS.maxWatches + 5)
    // All but five exist; the last fifteen race for the five places left.
    await t.database.db.insert(watches).values(
      ids.slice(0, ALERT_LIMITS.maxWatches - 5).map((itemId) => ({
        userId: aliceId,
        gameId: 'grow-a-garden',
        itemId,
        value: true,
      })),
    )
    const racing = ids.slice(ALERT_LIMITS.maxWatches - 5, ALERT_LIMITS.maxWatches + 10)
    const answers = await Promise.all(racing.map((id) => put(`grow-a-garden/${id}`, { value: true }, alice)))
    expect(answers.filter((r) => r.status === 200)).toHaveLength(5)
    for (const res of answers.filter((r) => r.status !== 200)) {
      expect(await errorOf(res)).toMatchObject({
        status: 409,
        code: 'CONFLICT',
        message: ALERT_MESSAGES.tooManyWatches,
      })
    }
    const held = await t.database.db.select().from(watches).where(eq(watches.userId, aliceId))
    expect(held).toHaveLength(ALERT_LIMITS.maxWatches)
    // At the limit, an existing watch still changes, and bob is not affected.
    expect(await watched(await put(`grow-a-garden/${ids[0]}`, { email: false }, alice))).toMatchObject({
      value: true,
      email: false,
    })
    expect(await watched(await put('grow-a-garden/carrot', { value: true }, bob))).not.toBeNull()
  })
})
