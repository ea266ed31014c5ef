/**
 * Importing item pictures from the games' own sources, against local stand-ins of a MediaWiki API and
 * the studio's API: pictures imported, stored and served like uploads; uploads kept; failed and refused
 * fetches with their reasons; who may import; one import per game at a time; the server's stop.
 */
import { and, eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { items } from '@/features/catalog/tables'
import {
  type ItemImageJob,
  itemImageJobSchema,
  latestJobResponseSchema,
  missingImagesResponseSchema,
} from '@/features/item-images/contract'
import { ADMIN_ROLE, valueEditorRole } from '@/features/roles/rules'
import { storeItemImage } from '@/features/value-ops/server/public'
import { auditLog } from '@/platform/server/lib/audit-tables'
import { errorOf, send } from '@/test/accounts'
import { signedInUser } from '@/test/alert-delivery'
import { createTestApp } from '@/test/app'
import { stopItemImageImports } from './jobs'
import { picture, type SourceStandIns, startSourceStandIns } from './sources-test-setup'

type TestApp = Awaited<ReturnType<typeof createTestApp>>

let t: TestApp
let src: SourceStandIns
let admin: { id: string; cookie: string }

beforeAll(async () => {
  src = await startSourceStandIns()
  t = await createTestApp({
    env: {
      PS99_API_URL: `${src.origin}/ps99`,
      PETSGO_API_URL: `${src.origin}/petsgo`,
      ITEM_WIKI_API_URL: `${src.origin}/wiki/{game}/api.php`,
      ITEM_IMAGE_TEST_ORIGINS: src.origin,
    },
  })
  admin = await signedInUser(t, undefined, [ADMIN_ROLE])
})
afterAll(async () => {
  await stopItemImageImports()
  await t?.close()
  await src?.close()
})

const start = (game: string, cookie = admin.cookie) =>
  send(t, `/api/admin/item-images/${game}/import`, { method: 'POST', cookie })

/** Starts an import and waits until it has ended; its final state. */
async function importAll(game: string): Promise<ItemImageJob> {
  const res = await start(game)
  expect(res.status, await res.clone().text()).toBe(202)
  const job = itemImageJobSchema.parse(await res.json())
  expect(job).toMatchObject({ game, status: 'running' })
  return settled(game, job.id)
}

async function settled(game: string, id: number): Promise<ItemImageJob> {
  for (let i = 0; i < 600; i++) {
    const res = await send(t, `/api/admin/item-images/${game}/import/${id}`, { cookie: admin.cookie })
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('private, no-store')
    const job = itemImageJobSchema.parse(await res.json())
    if (job.status !== 'running') return job
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error('the import did not end')
}

const imageOf = async (game: string, id: string) =>
  (
    await t.database.db
      .select({ imageFile: items.imageFile })
      .from(items)
      .where(and(eq(items.gameId, game), eq(items.id, id)))
  )[0]?.imageFile ?? null

/** The item's `image` as the catalog's API answers it. */
const apiImage = async (game: string, id: string) =>
  ((await (await send(t, `/api/games/${game}/items/${id}`)).json()) as { item: { image: string | null } })
    .item.image

describe('who may import pictures', () => {
  it('POST and GET of an import: visitors 401, users and value editors 403, admins only; a bad game 400', async () => {
    const editor = await signedInUser(t, undefined, [valueEditorRole('blox-fruits')])
    const user = await signedInUser(t)
    for (const [method, path] of [
      ['POST', '/api/admin/item-images/blox-fruits/import'],
      ['GET', '/api/admin/item-images/blox-fruits/import'],
      ['GET', '/api/admin/item-images/blox-fruits/import/1'],
    ] as const) {
      expect((await send(t, path, { method })).status).toBe(401)
      expect((await send(t, path, { method, cookie: user.cookie })).status).toBe(403)
      expect(await errorOf(await send(t, path, { method, cookie: editor.cookie }))).toMatchObject({
        status: 403,
        message: 'Only admins can see this.',
      })
    }
    expect(await errorOf(await start('roblox'))).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' })
    expect((await send(t, '/api/admin/item-images/roblox/import', { cookie: admin.cookie })).status).toBe(400)
    const badId = await send(t, '/api/admin/item-images/fisch/import/abc', { cookie: admin.cookie })
    expect(badId.status).toBe(400)
    const none = await send(t, '/api/admin/item-images/fisch/import/999999', { cookie: admin.cookie })
    expect(await errorOf(none)).toMatchObject({ status: 404, message: 'No such import' })
    const latest = await send(t, '/api/admin/item-images/fisch/import', { cookie: admin.cookie })
    expect(latestJobResponseSchema.parse(await latest.json())).toEqual({ job: null })
  })

  it("items without a picture: the game's value editors and admins; others 401/403; a bad game 400", async () => {
    const path = '/api/admin/item-images/murder-mystery-2/missing'
    expect((await send(t, path)).status).toBe(401)
    const user = await signedInUser(t)
    expect((await send(t, path, { cookie: user.cookie })).status).toBe(403)
    const other = await signedInUser(t, undefined, [valueEditorRole('fisch')])
    expect((await send(t, path, { cookie: other.cookie })).status).toBe(403)
    const editor = await signedInUser(t, undefined, [valueEditorRole('murder-mystery-2')])
    const res = await send(t, path, { cookie: editor.cookie })
    expect(res.status).toBe(200)
    const missing = missingImagesResponseSchema.parse(await res.json())
    expect(missing.total).toBeGreaterThan(0)
    expect(missing.items.length).toBe(Math.min(missing.total, 100))
    expect((await send(t, '/api/admin/item-images/nope/missing', { cookie: admin.cookie })).status).toBe(400)
  })
})

describe('a wiki game (Blox Fruits)', () => {
  let job: ItemImageJob
  let uploaded: string

  beforeAll(async () => {
    // The value team's own picture of Portal, uploaded by hand before any import.
    const form = new FormData()
    form.set('image', new Blob([new Uint8Array(await picture('png', 64, 64))]), 'portal.png')
    const upload = await send(t, '/api/admin/items/blox-fruits/portal/image', {
      body: form,
      cookie: admin.cookie,
    })
    expect(upload.status).toBe(200)
    uploaded = ((await upload.json()) as { image: string }).image

    src.file('/files/dough.jpg', { type: 'image/jpeg', body: await picture('jpeg') })
    const big = Buffer.alloc(6 * 1024 * 1024, 7)
    ;(await picture('png')).copy(big) // a PNG's first bytes, then far too much
    src.wiki('blox-fruits', {
      Kitsune: { image: src.file('/files/kitsune.png', { type: 'image/png', body: await picture('png') }) },
      // A relative address, made absolute against the API's; and a JPEG.
      Dough: { image: '/files/dough.jpg' },
      // Asked as "West Dragon", a redirect to the page with the picture (a GIF).
      'West Dragon': { redirect: 'Dragon (West)' },
      'Dragon (West)': {
        image: src.file('/files/west.gif', { type: 'image/gif', body: await picture('gif') }),
      },
      // No page under its name: found by its other name (Leopard), a WebP.
      Leopard: {
        image: src.file('/files/leopard.webp', { type: 'image/webp', body: await picture('webp') }),
      },
      Control: { image: `${src.origin}/files/gone.png` },
      Yeti: { image: src.file('/files/yeti.png', { status: 500, body: 'Internal error' }) },
      Gas: { image: 'https://10.0.0.1/gas.png' },
      Spirit: { image: `https://localhost:${src.port}/files/kitsune.png` },
      Venom: { image: src.file('/files/venom.png', { type: 'image/png', body: big }) },
      Shadow: { image: src.file('/files/shadow.png', { type: 'image/png', body: big, chunked: true }) },
      'T-Rex': { image: src.file('/files/t-rex.png', { type: 'image/png', body: '<html>Not here</html>' }) },
      Mammoth: { image: 'http://example.com/mammoth.png' },
      Portal: { image: src.file('/files/portal.png', { type: 'image/png', body: await picture('png') }) },
      // A page without a picture.
      Gravity: {},
    })
    job = await importAll('blox-fruits')
  })

  it('imports the pictures it finds (by name, redirect, other name; PNG, JPEG, GIF, WebP) and counts the rest', async () => {
    const total = (await t.database.db.select().from(items).where(eq(items.gameId, 'blox-fruits'))).length
    expect(job.status).toBe('finished')
    expect(job.error).toBeNull()
    expect(job.source).toBe(new URL(src.origin).host)
    expect(job.counts).toEqual({
      items: total,
      found: 13,
      imported: 4,
      unchanged: 0,
      kept: 1,
      missing: total - 13,
      failed: 8,
    })
    for (const id of ['kitsune', 'dough', 'west-dragon', 'tiger'])
      expect(await imageOf('blox-fruits', id), id).toMatch(new RegExp(`^${id}-[0-9a-f]{12}$`))
    for (const id of ['control', 'yeti', 'gas', 'gravity', 'phoenix'])
      expect(await imageOf('blox-fruits', id)).toBeNull()
    // 50 titles a request at most: the names in two, then the other names of those not found.
    expect(src.titleBatches.map((b) => b.length)).toEqual([50, total - 50, 4])
    expect(src.titleBatches[2]).toEqual(expect.arrayContaining(['Leopard', 'Rumble', 'Falcon', 'Chop']))
  })

  it('says why each failed: HTTP errors, private addresses, over 5 MB, not a picture, not https', async () => {
    const reasons = Object.fromEntries(job.failures.map((f) => [f.itemId, f.reason]))
    expect(reasons).toEqual({
      control: 'The source answered HTTP 404',
      yeti: 'The source answered HTTP 500',
      gas: '10.0.0.1 points to a private or local address, which is never fetched',
      spirit: 'localhost points to a private or local address, which is never fetched',
      venom: 'The file is larger than 5 MB (6 MB)',
      shadow: 'The file is larger than 5 MB',
      't-rex': 'The file is not a PNG, JPEG, WebP or GIF picture',
      mammoth: 'Only https addresses are fetched (http refused)',
    })
    expect(job.failures.find((f) => f.itemId === 'gas')?.name).toBe('Gas')
    // The private address was never asked; the oversized file was not read to its end.
    expect(src.count('/files/kitsune.png')).toBe(1)
  })

  it('serves an imported picture exactly like an upload: WebP in 128 and 256 px, an ETag and a year of cache', async () => {
    const image = await apiImage('blox-fruits', 'kitsune')
    expect(image).toMatch(/^\/uploads\/items\/blox-fruits\/kitsune-[0-9a-f]{12}$/)
    for (const size of [128, 256]) {
      const res = await send(t, `${image}-${size}.webp`)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe('image/webp')
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
      const etag = res.headers.get('etag')
      expect(etag).toMatch(/^"kitsune-[0-9a-f]{12}-\d{3}"$/)
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata()
      expect(meta).toMatchObject({ format: 'webp', width: size, height: size })
      const again = await send(t, `${image}-${size}.webp`, { headers: { 'if-none-match': etag! } })
      expect(again.status).toBe(304)
    }
  })

  it("keeps the value team's hand-uploaded picture", async () => {
    expect(await apiImage('blox-fruits', 'portal')).toBe(uploaded)
    expect(src.count('/files/portal.png')).toBe(0)
  })

  it('an import that meets an upload in the storage itself stores nothing (an upload made during a run wins)', async () => {
    const catalog = { db: t.database.db, cache: t.cache }
    const bytes = await picture('png')
    expect(await storeItemImage(catalog, 'blox-fruits', 'portal', bytes, { source: 'import' })).toEqual({
      stored: false,
      reason: 'upload-kept',
    })
    expect(await apiImage('blox-fruits', 'portal')).toBe(uploaded)
    // An imported picture is replaced by the next import, and by an upload.
    const next = await storeItemImage(catalog, 'blox-fruits', 'kitsune', bytes, { source: 'import' })
    expect(next).toMatchObject({
      stored: true,
      image: expect.stringMatching(/^\/uploads\/items\/blox-fruits\/kitsune-/),
    })
  })

  it('records the import in the audit log', async () => {
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'item-images.import'))
    expect(entries).toContainEqual(
      expect.objectContaining({ actorId: admin.id, detail: { game: 'blox-fruits', job: job.id } }),
    )
  })

  it('lists the items still without a picture for the value team', async () => {
    const res = await send(t, '/api/admin/item-images/blox-fruits/missing', { cookie: admin.cookie })
    const missing = missingImagesResponseSchema.parse(await res.json())
    const ids = missing.items.map((i) => i.id)
    expect(ids).toEqual(expect.arrayContaining(['control', 'gas', 'gravity']))
    expect(ids).not.toContain('kitsune')
    expect(ids).not.toContain('portal')
  })

  it('a second import fetches nothing it already has: the same pictures are unchanged', async () => {
    const again = await importAll('blox-fruits')
    expect(again.counts).toMatchObject({ imported: 0, unchanged: 4, kept: 1, failed: 8 })
    expect(src.count('/files/kitsune.png')).toBe(1)
    const latest = latestJobResponseSchema.parse(
      await (await send(t, '/api/admin/item-images/blox-fruits/import', { cookie: admin.cookie })).json(),
    )
    expect(latest.job?.id).toBe(again.id)
  })
})

describe('the studio games (Pet Simulator 99)', () => {
  it("imports each pet's thumbnail through the image endpoint; a failed one says so", async () => {
    src.collection('ps99', 'Pets', [
      {
        category: 'Huge',
        collection: 'Pets',
        configName: 'Titanic Abstract Dominus',
        configData: {
          name: 'Titanic Abstract Dominus',
          thumbnail: 'rbxassetid://1111',
          goldenThumbnail: 'rbxassetid://1112',
        },
      },
      // Named by its configName only.
      {
        category: 'Titanic',
        collection: 'Pets',
        configName: 'Titanic Hippomelon',
        configData: { thumbnail: 'rbxassetid://2222' },
      },
      {
        category: 'Titanic',
        collection: 'Pets',
        configName: 'Titanic Pink Balloon',
        configData: { thumbnail: 'not an asset' },
      },
      {
        category: 'Pet',
        collection: 'Pets',
        configName: 'Cat',
        configData: { name: 'Cat', thumbnail: 'rbxassetid://3333' },
      },
      'not an entry',
    ])
    src.file('/ps99/image/1111', { type: 'image/png', body: await picture('png', 420, 420) })
    const job = await importAll('pet-simulator-99')
    expect(job.status).toBe('finished')
    expect(job.source).toBe("BIG Games' public API (biggamesapi.io)")
    expect(job.counts).toMatchObject({ found: 2, imported: 1, failed: 1 })
    expect(job.failures).toEqual([
      { itemId: 'titanic-hippomelon', name: 'Titanic Hippomelon', reason: 'The source answered HTTP 404' },
    ])
    const image = await apiImage('pet-simulator-99', 'titanic-abstract-dominus')
    expect((await send(t, `${image}-256.webp`)).headers.get('content-type')).toBe('image/webp')
  })

  it('a source that cannot be read fails the whole import with its reason', async () => {
    const job = await importAll('pets-go')
    expect(job).toMatchObject({
      status: 'failed',
      error: "The studio's collection Pets answered HTTP 404",
      counts: { imported: 0 },
    })
  })
})

describe('one import per game at a time, and the server stop', () => {
  it('a second import of the same game while one runs is a 409; stopping the server stops it', async () => {
    src.wiki('fisch', {})
    const release = src.hold()
    const first = await start('fisch')
    expect(first.status).toBe(202)
    const { id } = itemImageJobSchema.parse(await first.json())
    expect(await errorOf(await start('fisch'))).toMatchObject({
      status: 409,
      message: 'Pictures of this game are being imported already',
    })
    await stopItemImageImports()
    release()
    const job = await settled('fisch', id)
    expect(job).toMatchObject({ status: 'stopped', error: 'The server stopped during the import' })
    // Stopped, the game can be imported again.
    const next = await importAll('fisch')
    expect(next.status).toBe('finished')
  })

  it("a wiki that fails answers the job's reason", async () => {
    src.wikiReply({ status: 500, body: '{}' })
    const job = await importAll('adopt-me')
    expect(job).toMatchObject({ status: 'failed', error: 'The wiki answered HTTP 500' })
  })
})
