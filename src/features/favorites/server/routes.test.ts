import { and, count, eq, inArray } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { favoriteCountsResponseSchema, favoriteToggleResponseSchema } from '@/features/favorites/contract'
import { itemFavorites } from '@/features/favorites/tables'
import { createUsers, errorOf, meOf, send } from '@/test/accounts'
import { createTestApp } from '@/test/app'

type TestApp = Awaited<ReturnType<typeof createTestApp>>

const GAME = 'blox-fruits'
const SIGN_IN = 'Please sign in to continue.'

/** The rows of item_favorites per item of GAME: the truth every count must equal. */
async function rowCounts(t: TestApp, ids: string[]) {
  const rows = await t.database.db
    .select({ itemId: itemFavorites.itemId, n: count() })
    .from(itemFavorites)
    .where(and(eq(itemFavorites.gameId, GAME), inArray(itemFavorites.itemId, ids)))
    .groupBy(itemFavorites.itemId)
  return Object.fromEntries(ids.map((id) => [id, rows.find((r) => r.itemId === id)?.n ?? 0]))
}

const allRows = (t: TestApp) => t.database.db.select().from(itemFavorites).orderBy(itemFavorites.createdAt)

describe('favorites API', () => {
  let t: TestApp
  let alice: string
  let bob: string
  const put = (item: string, cookie?: string, game = GAME) =>
    send(t, `/api/favorites/${game}/${item}`, { method: 'PUT', cookie })
  const del = (item: string, cookie?: string, game = GAME) =>
    send(t, `/api/favorites/${game}/${item}`, { method: 'DELETE', cookie })
  const counts = async (ids: string, cookie?: string) => {
    const res = await send(t, `/api/favorites/${GAME}?ids=${ids}`, { cookie })
    expect(res.status).toBe(200)
    return favoriteCountsResponseSchema.parse(await res.json())
  }
  const toggled = async (res: Response) => {
    expect(res.status).toBe(200)
    return favoriteToggleResponseSchema.parse(await res.json())
  }

  beforeAll(async () => {
    t = await createTestApp()
    const [a, b] = await createUsers(t, ['alice@example.com', 'bob@example.com'])
    alice = a!.cookie
    bob = b!.cookie
  })
  afterAll(() => t.close())
  // Every test starts with no favorite and makes the ones it counts on.
  beforeEach(async () => {
    await t.database.db.delete(itemFavorites)
  })
  // Whatever a test sends, the API never fails with an unhandled error (a 500).
  afterEach(() => {
    expect(t.loggedErrors.splice(0), 'the app logged an unhandled error').toEqual([])
  })

  it('PUT favorites (count +1); PUT again is a success with the same count', async () => {
    expect(await toggled(await put('kitsune', alice))).toEqual({ favorited: true, count: 1 })
    expect(await toggled(await put('kitsune', alice))).toEqual({ favorited: true, count: 1 })
    expect(await toggled(await put('kitsune', bob))).toEqual({ favorited: true, count: 2 })
    expect(await rowCounts(t, ['kitsune'])).toEqual({ kitsune: 2 })
  })

  it('DELETE removes (count -1); DELETE again is a success', async () => {
    await put('kitsune', alice)
    await put('kitsune', bob)
    expect(await toggled(await del('kitsune', bob))).toEqual({ favorited: false, count: 1 })
    expect(await toggled(await del('kitsune', bob))).toEqual({ favorited: false, count: 1 })
    expect(await toggled(await del('dough', bob))).toEqual({ favorited: false, count: 0 })
    expect(await rowCounts(t, ['kitsune', 'dough'])).toEqual({ kitsune: 1, dough: 0 })
  })

  it('counts of several ids in one request: every id (0 included), and mine only for the signed-in user', async () => {
    await put('kitsune', alice)
    await put('dough', bob)
    const ids = 'kitsune,dough,west-dragon,no-such-item'
    const expected = { kitsune: 1, dough: 1, 'west-dragon': 0, 'no-such-item': 0 }
    expect(await counts(ids, alice)).toEqual({ counts: expected, mine: ['kitsune'] })
    expect(await counts(ids, bob)).toEqual({ counts: expected, mine: ['dough'] })
    expect(await counts(ids)).toEqual({ counts: expected, mine: [] })
    const res = await send(t, `/api/favorites/${GAME}?ids=kitsune`)
    expect(res.headers.get('cache-control')).toBe('private, no-store')
    // A hundred ids, the most a page shows, still in one request.
    const many = Array.from({ length: 99 }, (_, i) => `item-${i}`).concat('kitsune')
    const all = await counts(many.join(','))
    expect(Object.keys(all.counts)).toHaveLength(100)
    expect(all.counts.kitsune).toBe(1)
  })

  it('an unknown item or game is a 404, and nothing is stored', async () => {
    await put('kitsune', bob)
    const before = await allRows(t)
    const cases: [string, string, string][] = [
      [GAME, 'no-such-item', 'Item not found'],
      [GAME, 'Kitsune', 'Item not found'],
      [GAME, 'kitsune%20', 'Item not found'],
      [GAME, 'x'.repeat(121), 'Item not found'],
      [GAME, '..%2F..%2Fetc', 'Item not found'],
      [GAME, "kitsune'--", 'Item not found'],
      ['adopt-me', 'kitsune', 'Item not found'],
      ['no-such-game', 'kitsune', 'Unknown game "no-such-game"'],
    ]
    for (const [game, item, message] of cases) {
      for (const method of ['PUT', 'DELETE']) {
        const error = await errorOf(
          await send(t, `/api/favorites/${game}/${item}`, { method, cookie: alice }),
        )
        expect(error, `${method} ${game}/${item}`).toMatchObject({ status: 404, code: 'NOT_FOUND', message })
      }
    }
    const unknownGame = await errorOf(await send(t, '/api/favorites/no-such-game?ids=kitsune'))
    expect(unknownGame).toMatchObject({ status: 404, message: 'Unknown game "no-such-game"' })
    expect(await allRows(t)).toEqual(before)
  })

  it('a visitor gets 401 on PUT and DELETE, and nothing changes', async () => {
    await put('kitsune', alice)
    const before = await allRows(t)
    for (const res of [await put('kitsune'), await del('kitsune'), await put('no-such-item')]) {
      expect(await errorOf(res)).toMatchObject({ status: 401, code: 'UNAUTHORIZED', message: SIGN_IN })
    }
    const forged = await put('kitsune', 'better-auth.session_token=forged.value')
    expect(forged.status).toBe(401)
    expect(await allRows(t)).toEqual(before)
  })

  it('a cross-site PUT is refused even with a valid cookie', async () => {
    await put('kitsune', alice)
    const before = await allRows(t)
    const res = await send(t, `/api/favorites/${GAME}/west-dragon`, {
      method: 'PUT',
      cookie: alice,
      headers: { origin: 'https://evil.example.com' },
    })
    expect(res.status).toBe(403)
    expect(await allRows(t)).toEqual(before)
  })

  it('bad ids queries are a 400, never a 500', async () => {
    const queries = [
      '',
      '?ids=',
      '?ids=,',
      '?ids=kitsune,,dough',
      '?ids=Kitsune',
      '?ids=kitsune%20dough',
      "?ids=kitsune'--",
      `?ids=${'x'.repeat(121)}`,
      `?ids=${Array.from({ length: 101 }, (_, i) => `i${i}`).join(',')}`,
      '?ids=kitsune&ids=dough',
      '?ids=kitsune&extra=1',
      '?other=kitsune',
      '?ids=%E0%A4%A',
    ]
    for (const query of queries) {
      const res = await send(t, `/api/favorites/${GAME}${query}`, { cookie: alice })
      expect(res.status, query).toBe(400)
      expect((await errorOf(res)).code).toBe('VALIDATION_FAILED')
    }
  })

  it("one user's favorites are their own: bob's DELETE does not remove alice's", async () => {
    await put('kitsune', alice)
    await put('kitsune', bob)
    await del('kitsune', bob)
    expect(await rowCounts(t, ['kitsune'])).toEqual({ kitsune: 1 })
    expect((await counts('kitsune', alice)).mine).toEqual(['kitsune'])
    expect((await counts('kitsune', bob)).mine).toEqual([])
  })

  it('50 users toggling in parallel: every count the API gives equals the rows', async () => {
    const ids = ['kitsune', 'dough', 'west-dragon']
    const users = await createUsers(
      t,
      Array.from({ length: 50 }, (_, i) => `crowd${i}@example.com`),
      25,
    )
    const answers: Response[] = []
    const run = async (cookie: string, i: number) => {
      answers.push(await put('kitsune', cookie))
      if (i % 2 === 0) answers.push(await put('dough', cookie))
      if (i % 3 === 0) answers.push(await del('kitsune', cookie))
      // Two PUTs of one item at once from one user: both succeed, one row.
      if (i % 5 === 0)
        answers.push(...(await Promise.all([put('west-dragon', cookie), put('west-dragon', cookie)])))
      if (i % 10 === 0) answers.push(await del('west-dragon', cookie))
      if (i % 7 === 0) answers.push(...(await Promise.all([put('dough', cookie), del('dough', cookie)])))
    }
    await Promise.all(users.map(({ cookie }, i) => run(cookie, i)))
    expect(answers.map((r) => r.status).filter((s) => s !== 200)).toEqual([])
    for (const res of answers) {
      const { count: n } = favoriteToggleResponseSchema.parse(await res.json())
      expect(n).toBeGreaterThanOrEqual(0)
      expect(n).toBeLessThanOrEqual(50)
    }

    const rows = await rowCounts(t, ids)
    const api = await counts(ids.join(','))
    expect(api.counts).toEqual(rows)
    // Users 0,7,14,...,49 raced a PUT and a DELETE of dough: either may land last.
    const racedDough = Array.from({ length: 50 }, (_, i) => i).filter((i) => i % 7 === 0)
    const doughRows = await t.database.db
      .select({ userId: itemFavorites.userId })
      .from(itemFavorites)
      .where(and(eq(itemFavorites.gameId, GAME), eq(itemFavorites.itemId, 'dough')))
    expect(rows).toMatchObject({ kitsune: 50 - 17, 'west-dragon': 10 - 5 })
    const racedIds = new Set(
      await Promise.all(racedDough.map((i) => meOf(t, users[i]!.cookie).then((m) => m.id))),
    )
    const steady = doughRows.filter((r) => !racedIds.has(r.userId))
    expect(steady).toHaveLength(25 - racedDough.filter((i) => i % 2 === 0).length)

    // Each user's own marks agree with the rows too.
    for (const i of [0, 1, 3, 5, 10, 49]) {
      const { mine } = await counts(ids.join(','), users[i]!.cookie)
      const me = await meOf(t, users[i]!.cookie)
      const own = await t.database.db
        .select({ itemId: itemFavorites.itemId })
        .from(itemFavorites)
        .where(eq(itemFavorites.userId, me.id))
      expect(mine.sort()).toEqual(own.map((r) => r.itemId).sort())
    }
  }, 60_000)
})
