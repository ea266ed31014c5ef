import { and, eq, sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { itemDetailResponseSchema } from '@/features/catalog/contract'
import { items, itemValueChanges } from '@/features/catalog/tables'
import { valueEditorRole } from '@/features/roles/rules'
import { userSuspensions } from '@/features/roles/tables'
import {
  type Suggestion,
  suggestionListResponseSchema,
  suggestionSchema,
  VALUE_MESSAGES,
} from '@/features/value-ops/contract'
import { suggestionVotes, valueSuggestions } from '@/features/value-ops/tables'
import type { GameId } from '@/shared/games'
import { errorOf, send } from '@/test/accounts'
import { freshEmail, notificationsOf, signedInUser } from '@/test/alert-delivery'
import { createTestApp } from '@/test/app'

type TestApp = Awaited<ReturnType<typeof createTestApp>>
type User = Awaited<ReturnType<typeof signedInUser>>

const SIGN_IN = 'Please sign in to continue.'
/** Votes a user may cast in this file's minute (lowered so the limit is cheap to reach). */
const VOTES_PER_MINUTE = 4

describe('value suggestions API', () => {
  let t: TestApp
  let names = 0

  /** A signed-in user with a username (unless `username: false`) and these roles. */
  const trader = async (roles: string[] = [], { username = true } = {}): Promise<User> => {
    const user = await signedInUser(t, freshEmail('trader'), roles)
    if (username) {
      const res = await send(t, '/api/profile/username', {
        body: { username: `t${process.pid % 1000}_${++names}_${Date.now() % 100_000}` },
        cookie: user.cookie,
      })
      expect(res.status, await res.clone().text()).toBe(200)
    }
    return user
  }
  const editorOf = (game: GameId) => trader([valueEditorRole(game)])

  const itemPath = (game: string, item: string) => `/api/games/${game}/items/${item}/suggestions`
  const suggest = (item: string, body: unknown, cookie?: string, game = 'blox-fruits') =>
    send(t, itemPath(game, item), { body, cookie })
  const vote = (id: number, v: unknown, cookie?: string) =>
    send(t, `/api/suggestions/${id}/vote`, { method: 'PUT', body: { vote: v }, cookie })
  const approve = (id: number, cookie?: string, note?: string) =>
    send(t, `/api/suggestions/${id}/approve`, { body: note === undefined ? {} : { note }, cookie })
  const reject = (id: number, cookie: string | undefined, note: unknown = 'Trades say otherwise') =>
    send(t, `/api/suggestions/${id}/reject`, { body: { note }, cookie })

  const parsed = async (res: Response, status = 200): Promise<Suggestion> => {
    expect(res.status, await res.clone().text()).toBe(status)
    return suggestionSchema.parse(await res.json())
  }
  /** A suggestion made by a new trader (returned too). */
  const suggested = async (item: string, value = 123, game = 'blox-fruits') => {
    const author = await trader()
    const s = await parsed(await suggest(item, { value, reason: 'Seen in trades' }, author.cookie, game), 201)
    return { author, s }
  }
  const itemList = async (item: string, cookie?: string, game = 'blox-fruits') => {
    const res = await send(t, itemPath(game, item), { cookie })
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('private, no-store')
    return suggestionListResponseSchema.parse(await res.json())
  }
  const itemValueOf = async (game: string, item: string) => {
    const res = await send(t, `/api/games/${game}/items/${item}`)
    return itemDetailResponseSchema.parse(await res.json()).item.value
  }
  const rowsOf = (userId: string) =>
    t.database.db.select().from(valueSuggestions).where(eq(valueSuggestions.userId, userId))

  beforeAll(async () => {
    t = await createTestApp({
      limits: { 'value-ops': { votesPerUser: { max: VOTES_PER_MINUTE, windowSeconds: 60 } } },
    })
  })
  afterAll(() => t.close())
  afterEach(() => {
    expect(t.loggedErrors.splice(0), 'the app logged an unhandled error').toEqual([])
  })

  it('a trader suggests a value; the item page and the list show it with its author and counts', async () => {
    const author = await trader()
    const res = await suggest(
      'spin',
      { value: 9000, reason: '  Sold for 9k twice today ', evidenceUrl: 'https://example.com/trade/1' },
      author.cookie,
    )
    const s = await parsed(res, 201)
    expect(s).toMatchObject({
      gameId: 'blox-fruits',
      itemId: 'spin',
      itemName: 'Spin',
      currentValue: 7500,
      value: 9000,
      reason: 'Sold for 9k twice today',
      evidenceUrl: 'https://example.com/trade/1',
      status: 'pending',
      note: null,
      decidedAt: null,
      up: 0,
      down: 0,
      myVote: 0,
      mine: true,
    })
    expect(s.by).toMatch(/^t\d+_/)

    const visitorView = await itemList('spin')
    const listed = visitorView.suggestions.find((x) => x.id === s.id)
    expect(listed).toMatchObject({ mine: false, myVote: 0, by: s.by })
    expect((await itemList('spin', author.cookie)).suggestions.find((x) => x.id === s.id)?.mine).toBe(true)

    const page = await send(t, '/api/suggestions?game=blox-fruits&status=pending')
    expect(page.status).toBe(200)
    const body = suggestionListResponseSchema.parse(await page.json())
    expect(body.suggestions.map((x) => x.id)).toContain(s.id)
    expect(body).toMatchObject({ page: 1, pageSize: 20 })
    const other = suggestionListResponseSchema.parse(
      await (await send(t, '/api/suggestions?game=fisch&status=pending')).json(),
    )
    expect(other.suggestions.map((x) => x.id)).not.toContain(s.id)
    const decided = suggestionListResponseSchema.parse(
      await (await send(t, '/api/suggestions?status=rejected')).json(),
    )
    expect(decided.suggestions.map((x) => x.id)).not.toContain(s.id)
  })

  it('the list pages by 20, latest decided first, filtered by game and status', async () => {
    const author = await trader()
    const ids = (
      await t.database.db.select({ id: items.id }).from(items).where(eq(items.gameId, 'murder-mystery-2'))
    )
      .map((r) => r.id)
      .slice(0, 21)
    await t.database.db.insert(valueSuggestions).values(
      ids.map((itemId, i) => ({
        gameId: 'murder-mystery-2',
        itemId,
        userId: author.id,
        value: i + 1,
        reason: `r${i}`,
        status: 'approved',
        decidedAt: new Date(Date.UTC(2025, 0, 1, 0, i)),
      })),
    )
    const page = async (n: number) => {
      const res = await send(t, `/api/suggestions?game=murder-mystery-2&status=approved&page=${n}`)
      expect(res.status).toBe(200)
      return suggestionListResponseSchema.parse(await res.json())
    }
    const first = await page(1)
    expect(first).toMatchObject({ page: 1, pageSize: 20, total: 21 })
    expect(first.suggestions.map((s) => s.value)).toEqual(Array.from({ length: 20 }, (_, i) => 21 - i))
    expect((await page(2)).suggestions.map((s) => s.value)).toEqual([1])
    expect((await page(3)).suggestions).toEqual([])
  })

  it('unknown games and items are a 404; bad list parameters a 400', async () => {
    const author = await trader()
    expect((await send(t, itemPath('no-game', 'spin'))).status).toBe(404)
    expect((await send(t, itemPath('blox-fruits', 'no-such-fruit'))).status).toBe(404)
    expect((await suggest('no-such-fruit', { value: 1, reason: 'x' }, author.cookie)).status).toBe(404)
    for (const q of ['status=open', 'game=roblox', 'page=0', 'page=x', 'extra=1']) {
      expect((await send(t, `/api/suggestions?${q}`)).status, q).toBe(400)
    }
    expect((await vote(999_999_999, 1, author.cookie)).status).toBe(404)
    expect((await vote('abc' as unknown as number, 1, author.cookie)).status).toBe(400)
  })

  it('visitors get 401 on every change; reading is public', async () => {
    const { s } = await suggested('rocket')
    expect((await send(t, itemPath('blox-fruits', 'rocket'))).status).toBe(200)
    expect((await send(t, '/api/suggestions')).status).toBe(200)
    for (const res of [
      await suggest('rocket', { value: 1, reason: 'x' }),
      await vote(s.id, 1),
      await approve(s.id),
      await reject(s.id, undefined),
    ]) {
      expect(await errorOf(res)).toMatchObject({ status: 401, message: SIGN_IN })
    }
  })

  it('bad values and reasons are a 400 naming the problem, and nothing is stored', async () => {
    const author = await trader()
    const cases: [string, string][] = [
      ['{"value":-1,"reason":"x"}', 'value cannot be negative'],
      ['{"value":true,"reason":"x"}', 'value must be a number from 0 to 1e30'],
      ['{"value":"abc","reason":"x"}', 'value: "abc" is not a value. A number, or with a suffix'],
      ['{"value":"7X","reason":"x"}', 'value: "X" is not a value suffix: use K, M, B, T'],
      ['{"value":"12 apples","reason":"x"}', '"apples" is not a value suffix'],
      ['{"value":"","reason":"x"}', 'value is required'],
      ['{"value":"2Dc","reason":"x"}', 'value must be at most 1e30'],
      ['{"value":1e309,"reason":"x"}', 'value must be a number from 0 to 1e30'],
      ['{"value":1e31,"reason":"x"}', 'value must be at most 1e30'],
      ['{"reason":"x"}', 'value is required'],
      ['{"value":5}', VALUE_MESSAGES.reasonRequired],
      ['{"value":5,"reason":"   "}', VALUE_MESSAGES.reasonRequired],
      [`{"value":5,"reason":"${'a'.repeat(501)}"}`, 'reason must be 500 characters or less'],
      ['{"value":5,"reason":"x","evidenceUrl":"not a link"}', 'evidenceUrl must be a link (https://…)'],
      [
        '{"value":5,"reason":"x","evidenceUrl":"javascript:alert(1)"}',
        'evidenceUrl must start with http:// or https://',
      ],
      ['{"value":5,"reason":"x","extra":1}', ''],
    ]
    for (const [raw, message] of cases) {
      const res = await t.app.request(itemPath('blox-fruits', 'spring'), {
        method: 'POST',
        headers: {
          origin: 'http://localhost:3000',
          cookie: author.cookie,
          'content-type': 'application/json',
        },
        body: raw,
      })
      const error = await errorOf(res)
      expect(error.status, raw).toBe(400)
      expect(error.message, raw).toContain(message)
    }
    // NaN is not JSON: the body itself is refused.
    const nan = await t.app.request(itemPath('blox-fruits', 'spring'), {
      method: 'POST',
      headers: { origin: 'http://localhost:3000', cookie: author.cookie, 'content-type': 'application/json' },
      body: '{"value":NaN,"reason":"x"}',
    })
    expect(nan.status).toBe(400)
    expect(await rowsOf(author.id)).toEqual([])
  })

  it('a username comes first; a suspended account can neither suggest nor vote', async () => {
    const nameless = await trader([], { username: false })
    expect(await errorOf(await suggest('spring', { value: 1, reason: 'x' }, nameless.cookie))).toMatchObject({
      status: 403,
      message: VALUE_MESSAGES.usernameFirst,
    })
    const { s } = await suggested('spring')
    const suspended = await trader()
    await t.database.db.insert(userSuspensions).values({ userId: suspended.id, reason: 'scams' })
    expect(await errorOf(await suggest('bomb', { value: 1, reason: 'x' }, suspended.cookie))).toMatchObject({
      status: 403,
      message: VALUE_MESSAGES.suspended,
    })
    expect(await errorOf(await vote(s.id, 1, suspended.cookie))).toMatchObject({
      status: 403,
      message: VALUE_MESSAGES.suspended,
    })
    expect([...(await rowsOf(nameless.id)), ...(await rowsOf(suspended.id))]).toEqual([])
    expect((await itemList('spring')).suggestions.find((x) => x.id === s.id)?.up).toBe(0)
  })

  it('one open suggestion per user and item; once decided, another may be made', async () => {
    const editor = await editorOf('blox-fruits')
    const { author, s } = await suggested('smoke')
    expect(await errorOf(await suggest('smoke', { value: 5, reason: 'again' }, author.cookie))).toMatchObject(
      { status: 409, message: VALUE_MESSAGES.oneOpenSuggestion },
    )
    // Another item is fine.
    await parsed(await suggest('flame', { value: 5, reason: 'x' }, author.cookie), 201)
    await parsed(await reject(s.id, editor.cookie))
    await parsed(await suggest('smoke', { value: 6, reason: 'once more' }, author.cookie), 201)
    expect(await rowsOf(author.id)).toHaveLength(3)
  })

  it('ten suggestions a day: the eleventh is a 429 with the message and nothing stored', async () => {
    const author = await trader()
    const ids = ['spike', 'flame', 'ice', 'sand', 'dark', 'eagle', 'diamond', 'light', 'rubber', 'ghost']
    for (const item of ids) await parsed(await suggest(item, { value: 1, reason: 'x' }, author.cookie), 201)
    const res = await suggest('magma', { value: 1, reason: 'x' }, author.cookie)
    expect(await errorOf(res)).toMatchObject({ status: 429, message: VALUE_MESSAGES.suggestionsPerDay })
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(23 * 3600)
    expect(await rowsOf(author.id)).toHaveLength(10)
    // A suggestion from more than a day ago no longer counts.
    await t.database.db
      .update(valueSuggestions)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(and(eq(valueSuggestions.userId, author.id), eq(valueSuggestions.itemId, 'spike')))
    await parsed(await suggest('magma', { value: 1, reason: 'x' }, author.cookie), 201)
  })

  it('votes: one per user, changeable, taken back with 0; never on your own suggestion', async () => {
    const { author, s } = await suggested('quake')
    const [a, b] = [await trader(), await trader()]
    expect(await parsed(await vote(s.id, 1, a.cookie))).toMatchObject({ up: 1, down: 0, myVote: 1 })
    expect(await parsed(await vote(s.id, 1, a.cookie))).toMatchObject({ up: 1, down: 0, myVote: 1 })
    expect(await parsed(await vote(s.id, -1, b.cookie))).toMatchObject({ up: 1, down: 1, myVote: -1 })
    expect(await parsed(await vote(s.id, -1, a.cookie))).toMatchObject({ up: 0, down: 2, myVote: -1 })
    expect(await parsed(await vote(s.id, 0, b.cookie))).toMatchObject({ up: 0, down: 1, myVote: 0 })
    const rows = await t.database.db
      .select()
      .from(suggestionVotes)
      .where(eq(suggestionVotes.suggestionId, s.id))
    expect(rows.map((r) => [r.userId, r.vote])).toEqual([[a.id, -1]])
    expect((await itemList('quake', a.cookie)).suggestions.find((x) => x.id === s.id)).toMatchObject({
      up: 0,
      down: 1,
      myVote: -1,
    })

    expect(await errorOf(await vote(s.id, 1, author.cookie))).toMatchObject({
      status: 403,
      message: VALUE_MESSAGES.ownSuggestion,
    })
    for (const bad of [2, '1', null, 0.5]) expect((await vote(s.id, bad, b.cookie)).status).toBe(400)
  })

  it('votes are rate-limited per user (429 with Retry-After); a decided suggestion takes none', async () => {
    const { s } = await suggested('buddha')
    const voter = await trader()
    for (let i = 0; i < VOTES_PER_MINUTE; i++) await parsed(await vote(s.id, i % 2 ? 1 : -1, voter.cookie))
    const res = await vote(s.id, 1, voter.cookie)
    expect(await errorOf(res)).toMatchObject({ status: 429, message: VALUE_MESSAGES.votesTooFast })
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)

    const other = await trader()
    await parsed(await reject(s.id, (await editorOf('blox-fruits')).cookie))
    expect(await errorOf(await vote(s.id, 1, other.cookie))).toMatchObject({
      status: 409,
      message: VALUE_MESSAGES.suggestionClosed,
    })
  })

  it('approve and reject: users 403, editors of another game 403, editors of the game and admins ok', async () => {
    const first = (await suggested('portal', 11_000_000)).s
    const second = (await suggested('pain', 12_000_000)).s
    const user = await trader()
    const otherEditor = await editorOf('grow-a-garden')
    const admin = await trader(['admin'])
    const editor = await editorOf('blox-fruits')
    for (const cookie of [user.cookie, otherEditor.cookie]) {
      for (const res of [await approve(first.id, cookie), await reject(first.id, cookie)]) {
        const error = await errorOf(res)
        expect(error).toMatchObject({
          status: 403,
          message: 'Only value editors of Blox Fruits can do this.',
        })
      }
    }
    expect((await itemList('portal')).suggestions.find((x) => x.id === first.id)?.status).toBe('pending')
    expect(await itemValueOf('blox-fruits', 'portal')).toBe(10_000_000)

    expect(await parsed(await approve(first.id, editor.cookie))).toMatchObject({ status: 'approved' })
    expect(await parsed(await reject(second.id, admin.cookie))).toMatchObject({ status: 'rejected' })
    // An editor of the other game may decide that game's suggestions.
    const garden = (await suggested('carrot', 25, 'grow-a-garden')).s
    expect(await parsed(await approve(garden.id, otherEditor.cookie))).toMatchObject({ status: 'approved' })
    expect((await approve(999_999_999, editor.cookie)).status).toBe(404)
  })

  it('an editor cannot decide their own suggestion, approving or rejecting it (403, nothing changed); another editor decides', async () => {
    const editor = await editorOf('blox-fruits')
    const own = await parsed(
      await suggest('venom', { value: 1_450_000, reason: 'Seen in trades' }, editor.cookie),
      201,
    )
    const before = await itemValueOf('blox-fruits', 'venom')
    for (const res of [await approve(own.id, editor.cookie), await reject(own.id, editor.cookie)])
      expect(await errorOf(res)).toMatchObject({ status: 403, message: VALUE_MESSAGES.ownDecision })
    const admin = await trader(['admin'])
    const ownAsAdmin = await parsed(
      await suggest('spider', { value: 1_150_000, reason: 'Seen in trades' }, admin.cookie),
      201,
    )
    expect((await approve(ownAsAdmin.id, admin.cookie)).status).toBe(403)
    expect((await reject(ownAsAdmin.id, admin.cookie)).status).toBe(403)
    expect(await itemValueOf('blox-fruits', 'venom')).toBe(before)
    expect((await itemList('venom')).suggestions.find((x) => x.id === own.id)?.status).toBe('pending')
    expect(
      await t.database.db.select().from(itemValueChanges).where(eq(itemValueChanges.suggestionId, own.id)),
    ).toEqual([])
    // The lists say who may decide: another editor of the game, not its author, not a trader.
    const other = await editorOf('blox-fruits')
    const listed = async (cookie?: string) =>
      (await itemList('venom', cookie)).suggestions.find((x) => x.id === own.id)?.mayDecide
    expect(await listed(editor.cookie)).toBe(false)
    expect(await listed(other.cookie)).toBe(true)
    expect(await listed((await trader()).cookie)).toBe(false)
    expect(await listed((await editorOf('grow-a-garden')).cookie)).toBe(false)
    expect(await listed()).toBe(false)
    expect(await parsed(await approve(own.id, other.cookie))).toMatchObject({ status: 'approved' })
    expect(await itemValueOf('blox-fruits', 'venom')).toBe(1_450_000)
  })

  it('approving applies the value, records the change with the suggestion, and tells its author', async () => {
    const { author, s } = await suggested('phoenix', 3_100_000)
    const editor = await editorOf('blox-fruits')
    const decided = await parsed(await approve(s.id, editor.cookie, 'Matches recent trades'))
    expect(decided).toMatchObject({ status: 'approved', note: 'Matches recent trades', mine: false })
    expect(decided.decidedAt).not.toBeNull()

    expect(await itemValueOf('blox-fruits', 'phoenix')).toBe(3_100_000)
    const changes = await t.database.db
      .select()
      .from(itemValueChanges)
      .where(eq(itemValueChanges.suggestionId, s.id))
    expect(changes).toHaveLength(1)
    expect(changes[0]).toMatchObject({
      gameId: 'blox-fruits',
      itemId: 'phoenix',
      oldValue: 2_750_000,
      newValue: 3_100_000,
      source: 'suggestion',
      changedBy: editor.id,
      reason: 'Seen in trades (note: Matches recent trades)',
    })
    const [row] = await t.database.db.select().from(valueSuggestions).where(eq(valueSuggestions.id, s.id))
    expect(row).toMatchObject({ status: 'approved', decidedBy: editor.id, note: 'Matches recent trades' })

    // The approval, and the value-contributor achievement it earns (an approved suggestion).
    const notes = await notificationsOf(t, author.id)
    expect(notes.map((n) => n.kind).sort()).toEqual(['achievement', 'system'])
    expect(notes.find((n) => n.kind === 'system')).toMatchObject({
      kind: 'system',
      title: 'Your suggestion for Phoenix was approved',
      body: 'Phoenix is now valued at 3.1M. Note: Matches recent trades',
      link: '/values/blox-fruits/phoenix#suggest',
      dedupeKey: `suggestion:${s.id}`,
      readAt: null,
    })
    const bell = await send(t, '/api/notifications', { cookie: author.cookie })
    expect(await bell.json()).toMatchObject({ unread: 2 })

    // A second approve, or a reject after it: 409, nothing changed again.
    for (const res of [await approve(s.id, editor.cookie), await reject(s.id, editor.cookie)])
      expect(await errorOf(res)).toMatchObject({ status: 409, message: VALUE_MESSAGES.suggestionClosed })
    expect(
      await t.database.db.select().from(itemValueChanges).where(eq(itemValueChanges.suggestionId, s.id)),
    ).toHaveLength(1)
    expect(await notificationsOf(t, author.id)).toHaveLength(2)
  })

  it('a trader suggests in the notation the site shows ("700M"); approved, it is the fruit’s one value, Physical fruit included', async () => {
    const author = await trader()
    const sent = await suggest('kitsune', { value: '700M', reason: 'Sells at 700M now' }, author.cookie)
    const s = await parsed(sent, 201)
    expect(s.value).toBe(700_000_000)
    const bad = await suggest('kitsune', { value: '7,00M', reason: 'x' }, (await trader()).cookie)
    expect(bad.status).toBe(400)
    expect((await errorOf(bad)).fields).toEqual({ value: expect.stringMatching(/^"7,00M" is not a value/) })

    const editor = await editorOf('blox-fruits')
    await parsed(await approve(s.id, editor.cookie))
    const res = await send(t, '/api/games/blox-fruits/items/kitsune')
    const { item } = itemDetailResponseSchema.parse(await res.json())
    expect(item.value).toBe(700_000_000)
    expect(item.variants?.physical).toBe(700_000_000)
    const [row] = await t.database.db
      .select({ variants: items.variants })
      .from(items)
      .where(and(eq(items.gameId, 'blox-fruits'), eq(items.id, 'kitsune')))
    expect(row?.variants && Object.keys(row.variants)).toEqual(['permanent'])
  })

  it('rejecting stores the note and tells the author; approving after it is a 409', async () => {
    const { author, s } = await suggested('sound', 99)
    const editor = await editorOf('blox-fruits')
    expect((await reject(s.id, editor.cookie, '   ')).status).toBe(400)
    expect((await reject(s.id, editor.cookie, 'x'.repeat(501))).status).toBe(400)
    const decided = await parsed(await reject(s.id, editor.cookie, 'Far below what it trades for'))
    expect(decided).toMatchObject({ status: 'rejected', note: 'Far below what it trades for' })
    const [note] = await notificationsOf(t, author.id)
    expect(note).toMatchObject({
      kind: 'system',
      title: 'Your suggestion for Sound was rejected',
      body: 'Your suggestion of 99 was rejected: Far below what it trades for',
      link: '/values/blox-fruits/sound#suggest',
    })
    expect(await errorOf(await approve(s.id, editor.cookie))).toMatchObject({
      status: 409,
      message: VALUE_MESSAGES.suggestionClosed,
    })
    expect(await itemValueOf('blox-fruits', 'sound')).toBe(2_500_000)
    expect(
      await t.database.db.select().from(itemValueChanges).where(eq(itemValueChanges.suggestionId, s.id)),
    ).toEqual([])
  })

  it('a retired item takes no suggestion and cannot be approved (409)', async () => {
    const { s } = await suggested('creation', 3_000_000)
    const editor = await editorOf('blox-fruits')
    await t.database.db
      .update(items)
      .set({ retiredAt: sql`now()` })
      .where(and(eq(items.gameId, 'blox-fruits'), eq(items.id, 'creation')))
    t.cache.invalidate('catalog:')
    try {
      expect((await approve(s.id, editor.cookie)).status).toBe(409)
      expect((await itemList('creation')).suggestions.find((x) => x.id === s.id)?.status).toBe('pending')
      const author = await trader()
      expect(
        await errorOf(await suggest('creation', { value: 1, reason: 'x' }, author.cookie)),
      ).toMatchObject({ status: 409, message: VALUE_MESSAGES.retired })
    } finally {
      await t.database.db
        .update(items)
        .set({ retiredAt: null })
        .where(and(eq(items.gameId, 'blox-fruits'), eq(items.id, 'creation')))
      t.cache.invalidate('catalog:')
    }
  })
})
