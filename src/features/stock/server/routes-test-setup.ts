/**
 * The app each stock route test file builds for its own tests: the primary admin, a Grow a Garden stock
 * manager (username seed_keeper), a Blox Fruits stock manager and a user without a role, with helpers to
 * post reports, count them and read a game's stock.
 */
import { and, count, desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect } from 'vitest'
import { userRoles } from '@/features/roles/server/public'
import {
  type CreatedToken,
  type StockResponse,
  shopHasQuantities,
  stockResponseSchema,
} from '@/features/stock/contract'
import { stockReports } from '@/features/stock/tables'
import type { StockGameId } from '@/shared/games'
import { createMagicLinkUser, createUserWithUsername, meOf, send } from '@/test/accounts'
import { createTestApp } from '@/test/app'

export type TestApp = Awaited<ReturnType<typeof createTestApp>>

const PRIMARY = 'stock-admin@example.com'
export let t: TestApp
let n = 0
/** The primary admin's session cookie. */
export let admin: string

/** A signed-in user of a fresh address, with these roles granted in user_roles. */
export async function userWith(roles: string[] = [], username?: string) {
  const email = `stock-user-${++n}@example.com`
  const { cookie } = username
    ? await createUserWithUsername(t, email, username, { magicLink: true })
    : await createMagicLinkUser(t, email)
  const { id } = await meOf(t, cookie)
  if (roles.length) await t.database.db.insert(userRoles).values(roles.map((role) => ({ userId: id, role })))
  return { email, cookie, id }
}

/** Posts a report of `game` as a manager or admin (cookie), a bot (token), or a visitor (neither). */
export const report = (game: string, body: unknown, auth: { cookie?: string; token?: string } = {}) =>
  send(t, `/api/stock/${game}/reports`, {
    body,
    cookie: auth.cookie,
    headers: auth.token ? { authorization: `Bearer ${auth.token}` } : {},
  })

/** How many reports of the game are stored, corrected ones included. */
export async function reportCount(game = 'grow-a-garden', app: TestApp = t) {
  const [row] = await app.database.db
    .select({ n: count() })
    .from(stockReports)
    .where(eq(stockReports.gameId, game))
  return row!.n
}

/** The game's stock as the stock page reads it. */
export async function currentStock(game: string, app: TestApp = t): Promise<StockResponse> {
  const res = await send(app, `/api/stock/${game}`)
  expect(res.status).toBe(200)
  return stockResponseSchema.parse(await res.json())
}

/**
 * A report with this item that is sure to change the shop's stock, whatever other tests posted to the
 * same window before: a quantity no report of the shop has had for it; at a shop without quantities
 * (the Blox Fruits dealers) the item alone, or with another fruit when the shop has only it now.
 */
export async function changedStock(game: string, shop: string, item: string) {
  const rows = await t.database.db
    .select({ items: stockReports.items })
    .from(stockReports)
    .where(and(eq(stockReports.gameId, game), eq(stockReports.shop, shop)))
    .orderBy(desc(stockReports.id))
  if (!shopHasQuantities(game as StockGameId, shop)) {
    // The newest report is the current stock of the window, if the window has one.
    const latest = rows[0]?.items.map((i) => i.item).join(',')
    // Another fruit, sorted after the usual items (dough, kitsune): theirs stays the first item.
    const other = item === 'spirit' ? 'dough' : 'spirit'
    return { shop, items: latest === item ? [{ item }, { item: other }] : [{ item }] }
  }
  const taken = new Set(rows.flatMap((r) => r.items.filter((i) => i.item === item).map((i) => i.quantity)))
  const quantity = Array.from({ length: 999 }, (_, i) => i + 1).find((q) => !taken.has(q))!
  return { shop, items: [{ item, quantity }] }
}

/** A new ingest token of the game, made by the holder of `cookie`. */
export async function newToken(cookie: string, game = 'grow-a-garden', name = 'bot') {
  const res = await send(t, `/api/stock/${game}/tokens`, { body: { name }, cookie })
  expect(res.status).toBe(201)
  return (await res.json()) as CreatedToken
}

/** The stock managers of each game, and a signed-in user without a role. */
export let gagManager: Awaited<ReturnType<typeof userWith>>
export let bfManager: Awaited<ReturnType<typeof userWith>>
export let plainUser: Awaited<ReturnType<typeof userWith>>

/** Builds the app and its users before the calling file's tests, and closes it after them. */
export function setUpStockApp() {
  beforeAll(async () => {
    t = await createTestApp({
      env: { ADMIN_EMAIL: PRIMARY },
      limits: {
        stock: {
          reportsPerToken: { max: 1000, windowSeconds: 60 },
          failedTokensPerAddress: { max: 1000, windowSeconds: 60 },
        },
      },
    })
    admin = (await createMagicLinkUser(t, PRIMARY)).cookie
    gagManager = await userWith(['grow-a-garden-stock-manager'], 'seed_keeper')
    bfManager = await userWith(['blox-fruits-stock-manager'])
    plainUser = await userWith()
  })
  afterAll(() => t.close())
}
