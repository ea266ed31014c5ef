import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  ALERT_LIMITS,
  ALERT_MESSAGES,
  type AlertRuleRequest,
  alertRuleSchema,
  alertRulesResponseSchema,
} from '@/features/alerts/contract'
import { alertRules } from '@/features/alerts/tables'
import { errorOf, send } from '@/test/accounts'
import { aliceAndBob } from '@/test/alert-delivery'
import { createTestApp } from '@/test/app'

type TestApp = Awaited<ReturnType<typeof createTestApp>>

describe('alert rules API', () => {
  let t: TestApp
  let alice: string
  let bob: string
  let aliceId: string

  const post = (body: unknown, cookie?: string) => send(t, '/api/alert-rules', { body, cookie })
  const created = async (body: AlertRuleRequest, cookie = alice) => {
    const res = await post(body, cookie)
    expect(res.status, await res.clone().text()).toBe(201)
    return alertRuleSchema.parse(await res.json())
  }
  const list = async (cookie: string) => {
    const res = await send(t, '/api/alert-rules', { cookie })
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('private, no-store')
    return alertRulesResponseSchema.parse(await res.json()).rules
  }
  const del = (id: number | string, cookie?: string) =>
    send(t, `/api/alert-rules/${id}`, { method: 'DELETE', cookie })
  const allRows = () => t.database.db.select().from(alertRules).orderBy(alertRules.id)

  beforeAll(async () => {
    t = await createTestApp()
    ;({ alice, bob, aliceId } = await aliceAndBob(t))
  })
  afterAll(() => t.close())
  beforeEach(async () => {
    await t.database.db.delete(alertRules)
  })
  afterEach(() => {
    expect(t.loggedErrors.splice(0), 'the app logged an unhandled error').toEqual([])
  })

  it('creates the rules of the issue, each with its description and the items that fit it now', async () => {
    const prismatic = await created({ game: 'grow-a-garden', category: 'seed', rarity: 'Prismatic' })
    expect(prismatic).toMatchObject({
      game: 'grow-a-garden',
      shop: null,
      category: 'seed',
      rarity: 'Prismatic',
      rarerThan: null,
      email: true,
      discord: true,
      description: 'Any Prismatic seed (Grow a Garden)',
      matches: 10,
    })
    const mirage = await created({ game: 'blox-fruits', shop: 'mirage', rarity: 'Mythical', discord: false })
    expect(mirage).toMatchObject({
      description: 'Any Mythical item at the Mirage Dealer (Blox Fruits)',
      matches: 14,
      discord: false,
    })
    // legendary-egg (1 in 50), mythical-egg (1 in 70), bug-egg (1 in 100)
    const eggs = await created({ game: 'grow-a-garden', category: 'egg', rarerThan: 50, email: false })
    expect(eggs).toMatchObject({ description: 'Any egg, 1 in 50 or rarer (Grow a Garden)', matches: 3 })
    const [row] = await t.database.db.select().from(alertRules).where(eq(alertRules.id, eggs.id))
    expect(row).toMatchObject({ userId: aliceId, gameId: 'grow-a-garden', category: 'egg', rarerThan: 50 })
    // The list: newest first, the same as created.
    expect(await list(alice)).toEqual([eggs, mirage, prismatic])
  })

  it('a shop, category or rarity the game does not have is a 400 naming the field; nothing stored', async () => {
    const cases: [AlertRuleRequest, string, string][] = [
      [{ game: 'grow-a-garden', shop: 'mirage' }, 'shop', 'Unknown shop "mirage" for Grow a Garden'],
      [
        { game: 'blox-fruits', shop: 'seeds', rarity: 'Common' },
        'shop',
        'Unknown shop "seeds" for Blox Fruits',
      ],
      [{ game: 'blox-fruits', category: 'gamepass' }, 'category', 'Unknown category "gamepass"'],
      [{ game: 'grow-a-garden', category: 'pet' }, 'category', 'Unknown category "pet"'],
      [{ game: 'blox-fruits', rarity: 'Prismatic' }, 'rarity', 'Unknown rarity "Prismatic"'],
      [{ game: 'grow-a-garden', rarity: 'prismatic' }, 'rarity', 'Unknown rarity "prismatic"'],
    ]
    for (const [body, field, message] of cases) {
      const error = await errorOf(await post(body, alice))
      expect(error, JSON.stringify(body)).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' })
      expect(error.fields).toEqual({ [field]: message })
      expect(error.message).toBe(`${field}: ${message}`)
    }
    expect(await allRows()).toEqual([])
  })

  it('a rule no catalog item fits is a 400', async () => {
    for (const body of [
      { game: 'grow-a-garden', category: 'cosmetic' },
      { game: 'grow-a-garden', category: 'egg', rarity: 'Transcendent' },
      { game: 'grow-a-garden', shop: 'gear', category: 'seed' },
      { game: 'blox-fruits', rarerThan: 2 },
    ] as AlertRuleRequest[]) {
      expect(await errorOf(await post(body, alice)), JSON.stringify(body)).toMatchObject({
        status: 400,
        message: ALERT_MESSAGES.ruleMatchesNothing,
      })
    }
    expect(await allRows()).toEqual([])
  })

  it('bad bodies are a 400 from the shared schema', async () => {
    const bodies: [unknown, string][] = [
      [{ game: 'grow-a-garden' }, ALERT_MESSAGES.ruleNeedsCondition],
      [{ game: 'adopt-me', rarity: 'Common' }, 'game must be grow-a-garden or blox-fruits'],
      [{ game: 'grow-a-garden', rarerThan: 1 }, 'rarerThan must be a whole number from 2 to 100000'],
      [{ game: 'grow-a-garden', rarerThan: 2.5 }, 'rarerThan must be a whole number'],
      [{ game: 'grow-a-garden', rarerThan: '50' }, 'rarerThan must be a whole number'],
      [{ game: 'grow-a-garden', rarity: 'Rare', userId: 'someone' }, ''],
      [{ game: 'grow-a-garden', shop: '' }, 'shop'],
      [{ game: 'grow-a-garden', category: 'x'.repeat(51) }, 'category'],
    ]
    for (const [body, message] of bodies) {
      const error = await errorOf(await post(body, alice))
      expect(error, JSON.stringify(body)).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' })
      expect(error.message).toContain(message)
    }
    expect(await allRows()).toEqual([])
  })

  it('the same rule twice is a 409; the same conditions with other channels too', async () => {
    await created({ game: 'grow-a-garden', category: 'seed', rarity: 'Prismatic' })
    for (const body of [
      { game: 'grow-a-garden', category: 'seed', rarity: 'Prismatic' },
      { game: 'grow-a-garden', rarity: 'Prismatic', category: 'seed', email: false },
    ] as AlertRuleRequest[]) {
      expect(await errorOf(await post(body, alice))).toMatchObject({
        status: 409,
        code: 'CONFLICT',
        message: ALERT_MESSAGES.ruleExists,
      })
    }
    // A rule that only adds a condition is another rule; bob may have the same one.
    await created({ game: 'grow-a-garden', category: 'seed', rarity: 'Prismatic', shop: 'seeds' })
    await created({ game: 'grow-a-garden', category: 'seed', rarity: 'Prismatic' }, bob)
    expect(await allRows()).toHaveLength(3)
  })

  it(`at most ${ALERT_LIMITS.maxRules} rules per user, even with parallel requests`, async () => {
    const rarities = ['Common', 'Uncommon', 'Rare', 'Legendary', 'Mythical', 'Divine', 'Prismatic']
    const bodies: AlertRuleRequest[] = []
    for (const rarity of rarities)
      for (const shop of [undefined, 'seeds', 'event'])
        bodies.push({ game: 'grow-a-garden', category: 'seed', rarity, shop })
    bodies.push({ game: 'blox-fruits', rarity: 'Mythical' })
    expect(bodies.length).toBeGreaterThan(ALERT_LIMITS.maxRules)
    const answers = await Promise.all(bodies.map((body) => post(body, alice)))
    expect(answers.filter((r) => r.status === 201)).toHaveLength(ALERT_LIMITS.maxRules)
    for (const res of answers.filter((r) => r.status !== 201)) {
      expect(await errorOf(res)).toMatchObject({ status: 409, message: ALERT_MESSAGES.tooManyRules })
    }
    expect(await list(alice)).toHaveLength(ALERT_LIMITS.maxRules)
    // Bob has his own budget.
    await created({ game: 'blox-fruits', rarity: 'Mythical' }, bob)
  })

  it("DELETE removes one of the user's rules; another user's or a missing one is a 404", async () => {
    const mine = await created({ game: 'blox-fruits', rarity: 'Mythical' })
    const bobs = await created({ game: 'blox-fruits', rarity: 'Mythical' }, bob)
    expect(await errorOf(await del(bobs.id, alice))).toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
      message: ALERT_MESSAGES.ruleNotFound,
    })
    expect(await errorOf(await del(999_999, alice))).toMatchObject({ status: 404 })
    expect((await del(mine.id, alice)).status).toBe(204)
    expect(await errorOf(await del(mine.id, alice))).toMatchObject({ status: 404 })
    expect(await list(alice)).toEqual([])
    expect(await list(bob)).toEqual([bobs])
  })

  it('a malformed id is a 400', async () => {
    for (const id of ['abc', '0', '-1', '1.5', '99999999999999999999']) {
      expect(await errorOf(await del(id, alice)), id).toMatchObject({
        status: 400,
        code: 'VALIDATION_FAILED',
      })
    }
  })

  it("a user never sees another user's rules; a visitor gets 401 everywhere and nothing changes", async () => {
    const bobs = await created({ game: 'grow-a-garden', category: 'egg', rarerThan: 50 }, bob)
    expect(await list(alice)).toEqual([])
    const before = await allRows()
    for (const res of [
      await send(t, '/api/alert-rules'),
      await post({ game: 'blox-fruits', rarity: 'Mythical' }),
      await del(bobs.id),
      await del('abc'),
    ]) {
      expect(await errorOf(res)).toMatchObject({ status: 401, code: 'UNAUTHORIZED' })
    }
    expect(await allRows()).toEqual(before)
  })
})
