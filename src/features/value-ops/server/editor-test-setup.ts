/**
 * What the value editor test files share: an app with the catalog and the web pages, an editor of Blox
 * Fruits values (with a username), an editor of another game's, an admin and a user without a role, and
 * helpers to make items of the test's own and read them back.
 */
import { and, eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, expect } from 'vitest'
import { itemDetailResponseSchema, itemListResponseSchema } from '@/features/catalog/contract'
import { items, itemValueChanges } from '@/features/catalog/server/public'
import { send } from '@/test/accounts'
import { freshEmail, signedInUser } from '@/test/alert-delivery'
import { createTestApp } from '@/test/app'
import { fakeWeb } from '@/test/web'

type TestApp = Awaited<ReturnType<typeof createTestApp>>

let n = 0
/** A name no other test of the file uses, whose last word (search matches parts of words) is in no other. */
const fresh = (what: string) => `${what} t${process.pid.toString(36)}n${String(++n).padStart(3, '0')}`

export let t: TestApp
/** Session cookies: a Blox Fruits value editor, a Fisch value editor, an admin, a user without a role. */
export let editor: string
export let otherEditor: string
export let admin: string
export let user: string

/** The item's change records, oldest first. */
export const rows = (gameId: string, itemId: string) =>
  t.database.db
    .select()
    .from(itemValueChanges)
    .where(and(eq(itemValueChanges.gameId, gameId), eq(itemValueChanges.itemId, itemId)))
    .orderBy(itemValueChanges.id)
/** The item's stored row. */
export const itemRow = async (gameId: string, itemId: string) =>
  (
    await t.database.db
      .select()
      .from(items)
      .where(and(eq(items.gameId, gameId), eq(items.id, itemId)))
  )[0]
/** The item page's answer. */
export const detail = async (game: string, item: string) => {
  const res = await send(t, `/api/games/${game}/items/${item}`)
  expect(res.status).toBe(200)
  return itemDetailResponseSchema.parse(await res.json())
}
/** A page of the game's item list (100 items), with more of the query. */
export const list = async (game: string, query = '') => {
  const res = await send(t, `/api/games/${game}/items?pageSize=100${query}`)
  expect(res.status).toBe(200)
  return itemListResponseSchema.parse(await res.json())
}
/** A new Blox Fruits item of the test's own, made through the API. */
export const newItem = async (fields: Record<string, unknown> = {}) => {
  const name = fresh('Test Fruit')
  const res = await send(t, '/api/admin/items/blox-fruits', {
    body: { name, value: 1000, category: 'fruit', rarity: 'Rare', reason: 'A new fruit', ...fields },
    cookie: editor,
  })
  expect(res.status, await res.clone().text()).toBe(201)
  const { id } = (await res.json()) as { id: string }
  return { id, name }
}
/** An edit of the item, as the holder of `cookie` (a visitor without it). */
export const patch = (game: string, item: string, body: unknown, cookie?: string) =>
  send(t, `/api/admin/items/${game}/${item}`, { method: 'PATCH', body, cookie })

/** Builds the app and its users before the calling describe's tests; after each, checks nothing failed unhandled. */
export function setUpEditorApp() {
  beforeAll(async () => {
    t = await createTestApp({ web: await fakeWeb() })
    const username = async (cookie: string, name: string) =>
      expect((await send(t, '/api/profile/username', { body: { username: name }, cookie })).status).toBe(200)
    ;[editor, otherEditor, admin, user] = (
      await Promise.all([
        signedInUser(t, freshEmail('editor'), ['blox-fruits-value-editor']),
        signedInUser(t, freshEmail('other'), ['fisch-value-editor']),
        signedInUser(t, freshEmail('admin'), ['admin']),
        signedInUser(t, freshEmail('user')),
      ])
    ).map((u) => u.cookie) as [string, string, string, string]
    await username(editor, `editor_${process.pid.toString(36)}`)
  })
  afterAll(() => t.close())
  afterEach(() => {
    expect(t.loggedErrors.splice(0), 'the app logged an unhandled error').toEqual([])
  })
}
