import { and, eq, gt, inArray, max } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { items, itemValueChanges } from '@/features/catalog/tables'
import { ADMIN_ROLE, valueEditorRole } from '@/features/roles/rules'
import {
  type ImportStatus,
  importStatusSchema,
  importsResponseSchema,
  VALUE_MESSAGES,
} from '@/features/value-ops/contract'
import { valueImports } from '@/features/value-ops/tables'
import { siteEvents } from '@/platform/server/lib/site-events-tables'
import type { GameId } from '@/shared/games'
import { errorOf, send } from '@/test/accounts'
import { signedInUser } from '@/test/alert-delivery'
import { createTestApp } from '@/test/app'
import { okBody, type PriceApi, type PriceEntry, startPriceApi } from '@/test/price-api'

type TestApp = Awaited<ReturnType<typeof createTestApp>>

const PS99 = 'pet-simulator-99'
const pet = (id: string, value: number, extra: Partial<PriceEntry['configData']> = {}): PriceEntry => ({
  category: 'Pet',
  configData: { id, ...extra },
  value,
})

let t: TestApp
let api: PriceApi
const logged: { level: number; msg: string; game?: string; reason?: string }[] = []
let admin: { cookie: string }

beforeAll(async () => {
  api = await startPriceApi()
  t = await createTestApp({
    env: { PS99_API_URL: `${api.origin}/ps99`, PETSGO_API_URL: `${api.origin}/petsgo` },
    log: { write: (line: string) => void logged.push(JSON.parse(line)) },
  })
  api.serve('ps99', { rap: [], exists: [] })
  api.serve('petsgo', { rap: [], exists: [] })
  admin = await signedInUser(t, undefined, [ADMIN_ROLE])
})
afterAll(async () => {
  await t?.close()
  await api?.close()
})

/** Sets an item's values as a test needs them (straight in the table). */
async function setItem(
  gameId: GameId,
  id: string,
  fields: Partial<Pick<typeof items.$inferInsert, 'value' | 'variants' | 'existCounts' | 'retiredAt'>>,
) {
  await t.database.db
    .update(items)
    .set(fields)
    .where(and(eq(items.gameId, gameId), eq(items.id, id)))
}

const itemRow = async (gameId: GameId, id: string) =>
  (
    await t.database.db
      .select()
      .from(items)
      .where(and(eq(items.gameId, gameId), eq(items.id, id)))
  )[0]!

const lastChangeId = async () =>
  (await t.database.db.select({ id: max(itemValueChanges.id) }).from(itemValueChanges))[0]?.id ?? 0

const changesSince = (id: number) =>
  t.database.db.select().from(itemValueChanges).where(gt(itemValueChanges.id, id))

async function runNow(game: string, cookie = admin.cookie): Promise<ImportStatus> {
  const res = await send(t, `/api/admin/imports/${game}/run`, { method: 'POST', cookie })
  expect(res.status, await res.clone().text()).toBe(200)
  expect(res.headers.get('cache-control')).toBe('private, no-store')
  return importStatusSchema.parse(await res.json())
}

describe('who may see and run the imports', () => {
  it('GET /api/admin/imports: visitors 401, users and editors of other games 403, editors see their games, admins all', async () => {
    expect((await send(t, '/api/admin/imports')).status).toBe(401)
    const user = await signedInUser(t)
    expect(await errorOf(await send(t, '/api/admin/imports', { cookie: user.cookie }))).toMatchObject({
      status: 403,
      code: 'FORBIDDEN',
    })
    const other = await signedInUser(t, undefined, [valueEditorRole('adopt-me')])
    expect((await send(t, '/api/admin/imports', { cookie: other.cookie })).status).toBe(403)

    const editor = await signedInUser(t, undefined, [valueEditorRole(PS99)])
    const mine = await send(t, '/api/admin/imports', { cookie: editor.cookie })
    expect(mine.status).toBe(200)
    expect(mine.headers.get('cache-control')).toBe('private, no-store')
    const { imports } = importsResponseSchema.parse(await mine.json())
    expect(imports.map((i) => i.gameId)).toEqual([PS99])
    // The test app has no schedule (VALUE_IMPORT_INTERVAL_MINUTES=0): no next run.
    expect(imports[0]).toMatchObject({ scheduled: false, nextRunAt: null, running: false })

    const all = importsResponseSchema.parse(
      await (await send(t, '/api/admin/imports', { cookie: admin.cookie })).json(),
    )
    expect(all.imports.map((i) => i.gameId)).toEqual([PS99, 'pets-go'])
  })

  it("POST /api/admin/imports/:game/run: visitors 401, users and editors of another game 403, the game's editors and admins run it", async () => {
    const path = `/api/admin/imports/${PS99}/run`
    expect((await send(t, path, { method: 'POST' })).status).toBe(401)
    const user = await signedInUser(t)
    expect((await send(t, path, { method: 'POST', cookie: user.cookie })).status).toBe(403)
    const other = await signedInUser(t, undefined, [valueEditorRole('pets-go')])
    expect(await errorOf(await send(t, path, { method: 'POST', cookie: other.cookie }))).toMatchObject({
      status: 403,
      message: 'Only value editors of Pet Simulator 99 can do this.',
    })
    const editor = await signedInUser(t, undefined, [valueEditorRole(PS99)])
    expect((await runNow(PS99, editor.cookie)).gameId).toBe(PS99)
    expect((await runNow(PS99, admin.cookie)).gameId).toBe(PS99)
  })

  it('a game without an official import is a 404 saying so; an unknown game a 404', async () => {
    const res = await send(t, '/api/admin/imports/adopt-me/run', { method: 'POST', cookie: admin.cookie })
    expect(await errorOf(res)).toMatchObject({ status: 404, message: VALUE_MESSAGES.noImport })
    const unknown = await send(t, '/api/admin/imports/roblox/run', { method: 'POST', cookie: admin.cookie })
    expect(unknown.status).toBe(404)
  })
})

describe('an import run', () => {
  it('records changed values as official-rap changes with their variants, fills exist counts, lists unknown pets, and a second run records nothing', async () => {
    await setItem(PS99, 'huge-hot-cocoa-cow', {
      value: 1000,
      variants: {
        golden: null,
        rainbow: null,
        shiny: null,
        'golden-shiny': null,
        'rainbow-shiny': null,
      },
      existCounts: null,
    })
    await setItem(PS99, 'huge-hot-cocoa-bear', { value: 2000, variants: { golden: 5 } })
    await setItem(PS99, 'titanic-hippomelon', {
      value: 3000,
      variants: { golden: null },
      existCounts: null,
    })
    api.serve('ps99', {
      rap: [
        pet('Huge Hot Cocoa Cow', 13639700),
        pet('Huge Hot Cocoa Cow', 20000000, { pt: 1 }),
        pet('Huge Hot Cocoa Cow', 90000000, { pt: 2 }),
        pet('Huge Hot Cocoa Cow', 70000000, { sh: true }),
        pet('Huge Hot Cocoa Cow', 300000000, { pt: 1, sh: true }),
        pet('Huge Hot Cocoa Cow', 3000000000, { pt: 2, sh: true }),
        // The same value as ours: unchanged, marked as checked now.
        pet('titanic hippomelon', 3000),
        // Only a variant: the value stays, the variant changes.
        pet('Huge Hot Cocoa Bear', 7, { pt: 1 }),
        // What the import does not handle: enchant tiers, chroma, other categories, normal pets, junk.
        pet('Huge Hot Cocoa Cow', 5, { tn: 2 }),
        pet('Huge Hot Cocoa Cow', 6, { cv: 3 }),
        { category: 'Egg', configData: { id: 'Huge Machine Egg' }, value: 100 },
        pet('Cat', 10),
        { category: 'Pet', configData: { id: 'Huge Broken' }, value: 'much' } as unknown as PriceEntry,
        // Pets our catalog lacks: listed once each.
        pet('Huge Imaginary Yeti', 100),
        pet('Huge Imaginary Yeti', 200, { pt: 1 }),
        pet('Titanic Imaginary Whale', 300),
      ],
      exists: [
        pet('Huge Hot Cocoa Cow', 81),
        pet('Huge Hot Cocoa Cow', 7, { pt: 1 }),
        pet('Titanic Hippomelon', 12),
        pet('Huge Imaginary Yeti', 4),
        { unexpected: true } as unknown as PriceEntry,
      ],
    })
    const before = await lastChangeId()
    const status = await runNow(PS99)
    expect(status).toMatchObject({
      gameId: PS99,
      ok: true,
      result: '2 values changed',
      running: false,
      counts: { fetched: 16, matched: 8, changed: 2, unchanged: 1, unknown: 2, skipped: 5, exists: 2 },
      unknownItems: ['Huge Imaginary Yeti', 'Titanic Imaginary Whale'],
    })
    expect(status.lastFinishedAt).not.toBeNull()

    const changes = await changesSince(before)
    expect(changes.map((c) => c.itemId).sort()).toEqual(['huge-hot-cocoa-bear', 'huge-hot-cocoa-cow'])
    for (const c of changes)
      expect(c).toMatchObject({ source: 'official-rap', reason: 'Official price import', changedBy: null })
    const cow = changes.find((c) => c.itemId === 'huge-hot-cocoa-cow')!
    expect(cow).toMatchObject({ oldValue: 1000, newValue: 13639700 })
    // The normal price is the value, stored once (decision 024).
    expect(cow.newVariants).toEqual({
      golden: 20000000,
      rainbow: 90000000,
      shiny: 70000000,
      'golden-shiny': 300000000,
      'rainbow-shiny': 3000000000,
    })
    expect(await itemRow(PS99, 'huge-hot-cocoa-cow')).toMatchObject({
      value: 13639700,
      valueSource: 'official-rap',
      existCounts: { normal: 81, golden: 7 },
    })
    expect(await itemRow(PS99, 'huge-hot-cocoa-bear')).toMatchObject({
      value: 2000,
      variants: { golden: 7 },
    })
    const hippo = await itemRow(PS99, 'titanic-hippomelon')
    expect(hippo).toMatchObject({ value: 3000, valueSource: 'official-rap', existCounts: { normal: 12 } })
    expect(Date.now() - hippo.valueSourceAt!.getTime()).toBeLessThan(60_000)
    // Each value change is a site event (alerts follow them).
    const events = await t.database.db
      .select()
      .from(siteEvents)
      .where(inArray(siteEvents.kind, ['value-change']))
    expect(
      events.filter((e) => (e.payload as { item?: string }).item === 'huge-hot-cocoa-cow').length,
    ).toBeGreaterThan(0)
    // The public values show the new value at once.
    const page = await send(t, `/api/games/${PS99}/items/huge-hot-cocoa-cow`)
    const { item } = (await page.json()) as { item: { value: number; variants: Record<string, number> } }
    expect(item.value).toBe(13639700)
    expect(item.variants.normal).toBe(13639700)

    const again = await lastChangeId()
    const second = await runNow(PS99)
    expect(second).toMatchObject({
      ok: true,
      result: 'No value changed',
      counts: { matched: 8, changed: 0, unchanged: 3 },
    })
    expect(await changesSince(again)).toEqual([])
  })

  it('leaves retired items alone', async () => {
    await setItem(PS99, 'titanic-pink-balloon', { value: 10, retiredAt: new Date() })
    api.serve('ps99', { rap: [pet('Titanic Pink Balloon', 99), pet('Huge Hot Cocoa Cow', 1)], exists: [] })
    const before = await lastChangeId()
    const status = await runNow(PS99)
    expect(status.counts).toMatchObject({ matched: 1, skipped: 1 })
    expect((await itemRow(PS99, 'titanic-pink-balloon')).value).toBe(10)
    expect((await changesSince(before)).map((c) => c.itemId)).toEqual(['huge-hot-cocoa-cow'])
    await setItem(PS99, 'titanic-pink-balloon', { retiredAt: null })
  })

  it('imports PETS GO! from its own API in the same shape', async () => {
    await setItem('pets-go', 'titanic-cat', { value: null, variants: null })
    api.serve('petsgo', {
      rap: [pet('Titanic Cat', 5000000), pet('Titanic Cat', 9000000, { pt: 1 })],
      exists: [pet('Titanic Cat', 3)],
    })
    const before = await lastChangeId()
    const status = await runNow('pets-go')
    expect(status).toMatchObject({ gameId: 'pets-go', ok: true, counts: { matched: 2, changed: 1 } })
    expect(await itemRow('pets-go', 'titanic-cat')).toMatchObject({
      value: 5000000,
      variants: { golden: 9000000 },
      existCounts: { normal: 3 },
      valueSource: 'official-rap',
    })
    expect((await changesSince(before)).map((c) => [c.gameId, c.itemId, c.source])).toEqual([
      ['pets-go', 'titanic-cat', 'official-rap'],
    ])
  })
})

describe('a failed run changes nothing and shows why', () => {
  const good = { rap: [pet('Huge Hot Cocoa Cow', 424242)], exists: [pet('Huge Hot Cocoa Cow', 55)] }

  it.each([
    ['an HTTP error', '/ps99/api/rap', { status: 503, body: 'busy' }, '/api/rap answered HTTP 503'],
    [
      'a status other than ok',
      '/ps99/api/exists',
      { status: 200, body: JSON.stringify({ status: 'error', error: { message: 'down' } }) },
      '/api/exists answered status "error"',
    ],
    [
      'a shape it does not know',
      '/ps99/api/rap',
      { status: 200, body: JSON.stringify({ status: 'ok', data: { pets: [] } }) },
      '/api/rap answered a shape the import does not know',
    ],
    [
      'entries of a shape it does not know',
      '/ps99/api/rap',
      { status: 200, body: okBody([{ name: 'Huge Hot Cocoa Cow', rap: 1 }]) },
      '/api/rap answered a shape the import does not know',
    ],
    [
      'an answer that is not JSON',
      '/ps99/api/rap',
      { status: 200, body: '<html>' },
      '/api/rap did not answer JSON',
    ],
    ['a network failure', '/ps99/api/rap', 'drop' as const, '/api/rap could not be reached'],
  ])('%s', async (_what, path, reply, reason) => {
    // A good run first: its unknown list and the item's value are what a failure must keep.
    api.serve('ps99', { ...good, rap: [...good.rap, pet('Huge Never Seen', 1)] })
    await setItem(PS99, 'huge-hot-cocoa-cow', { value: 1, existCounts: null })
    expect((await runNow(PS99)).ok).toBe(true)
    await setItem(PS99, 'huge-hot-cocoa-cow', { value: 1, existCounts: null })
    const [row] = await t.database.db.select().from(valueImports).where(eq(valueImports.gameId, PS99))

    api.reply(path, reply)
    const before = await lastChangeId()
    logged.length = 0
    const status = await runNow(PS99)
    expect(status).toMatchObject({
      ok: false,
      counts: null,
      unknownItems: ['Huge Never Seen'],
      running: false,
    })
    expect(status.result).toContain(reason)
    expect(status.lastFinishedAt! > row!.lastFinishedAt!.toISOString()).toBe(true)
    expect(await changesSince(before)).toEqual([])
    expect(await itemRow(PS99, 'huge-hot-cocoa-cow')).toMatchObject({ value: 1, existCounts: null })
    // Logged once, as a warning.
    const lines = logged.filter((l) => l.msg === 'official price import failed')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatchObject({ level: 40, game: PS99 })
    expect(t.loggedErrors).toEqual([])
    // What the API answered does not stay queued for the next test.
    api.reply(path)
  })
})

describe('one run of a game at a time', () => {
  it('Import now while the game is being imported answers 409 (on this or another instance)', async () => {
    await setItem(PS99, 'huge-hot-cocoa-cow', { value: 1 })
    api.serve('ps99', { rap: [pet('Huge Hot Cocoa Cow', 777)], exists: [] })
    api.reply('/ps99/api/rap', 'hang')
    const arrived = api.requested('/ps99/api/rap')
    const first = send(t, `/api/admin/imports/${PS99}/run`, { method: 'POST', cookie: admin.cookie })
    await arrived

    const listed = importsResponseSchema.parse(
      await (await send(t, '/api/admin/imports', { cookie: admin.cookie })).json(),
    )
    expect(listed.imports.find((i) => i.gameId === PS99)?.running).toBe(true)
    const other = t.appWith({})
    const second = await other.request(`/api/admin/imports/${PS99}/run`, {
      method: 'POST',
      headers: { origin: 'http://localhost:3000', cookie: admin.cookie },
    })
    expect(await errorOf(second)).toMatchObject({ status: 409, message: VALUE_MESSAGES.importRunning })
    // Another game is not held.
    expect((await runNow('pets-go')).gameId).toBe('pets-go')

    api.release()
    const done = await first
    expect(done.status).toBe(200)
    expect(importStatusSchema.parse(await done.json())).toMatchObject({ ok: true, running: false })
    expect((await itemRow(PS99, 'huge-hot-cocoa-cow')).value).toBe(777)
  })
})
