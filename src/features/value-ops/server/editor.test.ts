import { and, eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { itemDetailResponseSchema, itemListResponseSchema } from '@/features/catalog/contract'
import { items, itemValueChanges } from '@/features/catalog/tables'
import { bulkResponseSchema, changeLogResponseSchema, VALUE_MESSAGES } from '@/features/value-ops/contract'
import { itemImages } from '@/features/value-ops/tables'
import { errorOf, send } from '@/test/accounts'
import { freshEmail, signedInUser } from '@/test/alert-delivery'
import { createTestApp } from '@/test/app'
import { blackPng } from '@/test/images'
import { fakeWeb } from '@/test/web'

type TestApp = Awaited<ReturnType<typeof createTestApp>>

let n = 0
/** A name no other test of the file uses, whose last word (search matches parts of words) is in no other. */
const fresh = (what: string) => `${what} t${process.pid.toString(36)}n${String(++n).padStart(3, '0')}`

describe('value editor API', () => {
  let t: TestApp
  let editor: string
  let otherEditor: string
  let admin: string
  let user: string

  const rows = (gameId: string, itemId: string) =>
    t.database.db
      .select()
      .from(itemValueChanges)
      .where(and(eq(itemValueChanges.gameId, gameId), eq(itemValueChanges.itemId, itemId)))
      .orderBy(itemValueChanges.id)
  const itemRow = async (gameId: string, itemId: string) =>
    (
      await t.database.db
        .select()
        .from(items)
        .where(and(eq(items.gameId, gameId), eq(items.id, itemId)))
    )[0]
  const detail = async (game: string, item: string) => {
    const res = await send(t, `/api/games/${game}/items/${item}`)
    expect(res.status).toBe(200)
    return itemDetailResponseSchema.parse(await res.json())
  }
  const list = async (game: string, query = '') => {
    const res = await send(t, `/api/games/${game}/items?pageSize=100${query}`)
    expect(res.status).toBe(200)
    return itemListResponseSchema.parse(await res.json())
  }
  /** A new Blox Fruits item of the test's own, made through the API. */
  const newItem = async (fields: Record<string, unknown> = {}) => {
    const name = fresh('Test Fruit')
    const res = await send(t, '/api/admin/items/blox-fruits', {
      body: { name, value: 1000, category: 'fruit', rarity: 'Rare', reason: 'A new fruit', ...fields },
      cookie: editor,
    })
    expect(res.status, await res.clone().text()).toBe(201)
    const { id } = (await res.json()) as { id: string }
    return { id, name }
  }
  const patch = (game: string, item: string, body: unknown, cookie?: string) =>
    send(t, `/api/admin/items/${game}/${item}`, { method: 'PATCH', body, cookie })

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

  it('an editor changes value, demand, trend and notes with a reason: one change record, a history point, the list and the log', async () => {
    const { id } = await newItem({ value: 1000 })
    const res = await patch(
      'blox-fruits',
      id,
      { value: 1120, demand: 8, trend: 'Rising', notes: 'Sought after', reason: 'Trades at 1.1K now' },
      editor,
    )
    expect(res.status, await res.clone().text()).toBe(200)
    expect(await res.json()).toEqual({ changed: true })

    const records = await rows('blox-fruits', id)
    expect(records).toHaveLength(2) // the item's first point, and this change
    expect(records[1]).toMatchObject({
      oldValue: 1000,
      newValue: 1120,
      source: 'editor',
      reason: 'Trades at 1.1K now',
      fields: {
        demand: { old: null, new: 8 },
        trend: { old: null, new: 'Rising' },
        notes: { old: null, new: 'Sought after' },
      },
    })
    const page = await detail('blox-fruits', id)
    expect(page.item).toMatchObject({ value: 1120, demand: 8, trend: 'Rising', notes: 'Sought after' })
    expect(page.item.valueSource).toBe('editor')
    expect(page.history.map((p) => p.newValue)).toEqual([1000, 1120])
    const row = (await list('blox-fruits', `&search=${encodeURIComponent(page.item.name)}`)).items[0]
    expect(row?.lastChange?.percent).toBe(12)

    const log = changeLogResponseSchema.parse(
      await (await send(t, '/api/changes?game=blox-fruits&source=editor')).json(),
    )
    expect(log.changes[0]).toMatchObject({
      itemId: id,
      oldValue: 1000,
      newValue: 1120,
      percent: 12,
      reason: 'Trades at 1.1K now',
      by: `editor_${process.pid.toString(36)}`,
      source: 'editor',
    })
  })

  it('takes values in the notation the site shows ("700M", "1.5K", "2Sx", "640,000,000") as well as numbers', async () => {
    const { id } = await newItem({ value: '1.5K', inGamePrice: '2,500' })
    expect(await itemRow('blox-fruits', id)).toMatchObject({ value: 1500, inGamePrice: 2500 })
    for (const [given, stored] of [
      ['700M', 700_000_000],
      ['1.5b', 1_500_000_000],
      ['2Sx', 2e21],
      ['640,000,000', 640_000_000],
      [3_910_000_000, 3_910_000_000],
    ] as const) {
      const res = await patch('blox-fruits', id, { value: given, reason: 'Traders pay this' }, editor)
      expect(res.status, String(given)).toBe(200)
      expect((await itemRow('blox-fruits', id))?.value, String(given)).toBe(stored)
    }
    const bad = await patch('blox-fruits', id, { value: '700 million', reason: 'r' }, editor)
    expect(bad.status).toBe(400)
    expect((await errorOf(bad)).fields?.value).toMatch(/"million" is not a value suffix/)
    expect((await itemRow('blox-fruits', id))?.value).toBe(3_910_000_000)
  })

  it('an item holds one number for its value and its default variant (Physical fruit), whichever write gives it', async () => {
    /** The stored row never holds the default variant; the pages read it as the value. */
    const oneNumber = async (id: string) => {
      const row = await itemRow('blox-fruits', id)
      expect(row?.variants && Object.hasOwn(row.variants, 'physical')).toBe(false)
      const { item } = await detail('blox-fruits', id)
      expect(item.variants?.physical).toBe(item.value)
      return item
    }
    const { id } = await newItem({ value: '640M', variants: { physical: '640M', permanent: '6.24B' } })
    expect(await oneNumber(id)).toMatchObject({
      value: 640_000_000,
      variants: { physical: 640_000_000, permanent: 6_240_000_000 },
    })
    // The value editor sets the value: the Physical fruit value is the same number.
    expect(
      (await patch('blox-fruits', id, { value: '700M', reason: 'Kitsune trades up' }, editor)).status,
    ).toBe(200)
    expect((await oneNumber(id)).value).toBe(700_000_000)
    // A client sending back the variants it read (the old Physical fruit value) with a new value: the value.
    const echo = { physical: 700_000_000, permanent: 7e9 }
    expect(
      (await patch('blox-fruits', id, { value: '750M', variants: echo, reason: 'r' }, editor)).status,
    ).toBe(200)
    expect(await oneNumber(id)).toMatchObject({ value: 750_000_000, variants: { permanent: 7e9 } })
    // Only the Physical fruit value given: it is the value.
    const variantOnly = { variants: { physical: '800M', permanent: 7e9 }, reason: 'r' }
    expect((await patch('blox-fruits', id, variantOnly, editor)).status).toBe(200)
    expect((await oneNumber(id)).value).toBe(800_000_000)
    // Two different new numbers for the one value: a 400 that changes nothing.
    const records = (await rows('blox-fruits', id)).length
    const two = await patch(
      'blox-fruits',
      id,
      { value: 900_000_000, variants: { physical: 850_000_000 }, reason: 'r' },
      editor,
    )
    expect(two.status).toBe(400)
    expect((await errorOf(two)).message).toBe(
      'value and variants.physical are one number: give it once, as value',
    )
    expect((await oneNumber(id)).value).toBe(800_000_000)
    expect(await rows('blox-fruits', id)).toHaveLength(records)
    // A bulk update sets the value: still one number.
    const bulk = await send(t, '/api/admin/items/blox-fruits/bulk', {
      body: { csv: `${id},"1,000,000,000"`, reason: 'Weekly values', dryRun: false },
      cookie: editor,
    })
    expect(bulk.status).toBe(200)
    expect((await oneNumber(id)).value).toBe(1e9)
  })

  it('a save that changes nothing writes nothing', async () => {
    const { id } = await newItem({ value: 500 })
    const res = await patch('blox-fruits', id, { value: 500, reason: 'Checked' }, editor)
    expect(await res.json()).toEqual({ changed: false })
    expect(await rows('blox-fruits', id)).toHaveLength(1)
  })

  it('refuses visitors (401), users (403) and editors of another game (403); admins edit every game', async () => {
    const body = { value: 1, reason: 'x' }
    expect((await patch('blox-fruits', 'kitsune', body)).status).toBe(401)
    expect((await patch('blox-fruits', 'kitsune', body, user)).status).toBe(403)
    const other = await patch('blox-fruits', 'kitsune', body, otherEditor)
    expect(other.status).toBe(403)
    expect((await errorOf(other)).message).toBe('Only value editors of Blox Fruits can do this.')
    for (const path of [
      '/api/admin/items/blox-fruits',
      '/api/admin/items/blox-fruits/bulk',
      '/api/admin/items/blox-fruits/kitsune/retire',
      '/api/admin/items/blox-fruits/kitsune/image',
    ]) {
      expect((await send(t, path, { body: {} })).status, path).toBe(401)
      expect((await send(t, path, { body: {}, cookie: user })).status, path).toBe(403)
      expect((await send(t, path, { body: {}, cookie: otherEditor })).status, path).toBe(403)
    }
    const { id } = await newItem()
    expect((await patch('blox-fruits', id, { demand: 3, reason: 'Admin check' }, admin)).status).toBe(200)
    expect((await patch('fisch', 'nope-not-an-item', { demand: 3, reason: 'x' }, admin)).status).toBe(404)
    expect((await patch('no-such-game', 'x', { demand: 3, reason: 'x' }, admin)).status).toBe(404)
  })

  it('bad values, demand, trend and reasons are a 400 naming the problem, and change nothing', async () => {
    const { id } = await newItem({ value: 700 })
    const cases: [unknown, RegExp][] = [
      [{ value: -1, reason: 'r' }, /value cannot be negative/],
      [{ value: true, reason: 'r' }, /value must be a number/],
      [{ value: 'lots', reason: 'r' }, /^value: "lots" is not a value\. A number, or with a suffix/],
      [{ value: '7X', reason: 'r' }, /^value: "X" is not a value suffix: use K, M, B/],
      [{ value: '2Dc', reason: 'r' }, /value must be at most 1e30/],
      [{ value: '-5M', reason: 'r' }, /value cannot be negative/],
      [{ variants: { permanent: '1.2.3' }, reason: 'r' }, /is not a value/],
      [{ demand: 11, reason: 'r' }, /demand must be from 0 to 10/],
      [{ trend: 'Sideways', reason: 'r' }, /trend must be one of Rising/],
      [{ value: 800 }, /Give a reason for this change/],
      [{ value: 800, reason: '   ' }, /Give a reason for this change/],
      [{ value: 800, reason: 'r'.repeat(501) }, /reason must be 500 characters or less/],
      [{ reason: 'only a reason' }, /Change at least one field/],
      [{ value: 800, reason: 'r', colour: 'red' }, /colour/],
    ]
    for (const [body, message] of cases) {
      const res = await patch('blox-fruits', id, body, editor)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect((await errorOf(res)).message, JSON.stringify(body)).toMatch(message)
    }
    for (const raw of ['{"value":1e309,"reason":"r"}', '{"value":NaN,"reason":"r"}']) {
      const res = await t.app.request(`/api/admin/items/blox-fruits/${id}`, {
        method: 'PATCH',
        headers: { origin: 'http://localhost:3000', cookie: editor, 'content-type': 'application/json' },
        body: raw,
      })
      expect(res.status, raw).toBe(400)
    }
    expect(await rows('blox-fruits', id)).toHaveLength(1)
    expect((await itemRow('blox-fruits', id))?.value).toBe(700)
  })

  it('an item’s name, other names and labels with control characters (line break, escape code, U+202E) are a 400, and change nothing', async () => {
    const { id, name } = await newItem({ value: 900 })
    const before = await t.database.db.select().from(items).where(eq(items.gameId, 'blox-fruits'))
    for (const bad of ['Evil\r\nFruit', 'Evil\u001b[31mFruit', 'Evil\u202etiurF']) {
      const created = await send(t, '/api/admin/items/blox-fruits', {
        body: { name: bad, value: 1, reason: 'A new fruit' },
        cookie: editor,
      })
      expect(created.status, JSON.stringify(bad)).toBe(400)
      expect((await errorOf(created)).message).toBe('name: name cannot contain control characters')
      const cases: [Record<string, unknown>, string][] = [
        [{ name: bad }, 'name: name cannot contain control characters'],
        [{ aliases: ['Fine', bad] }, 'aliases.1: an alias cannot contain control characters'],
        [{ rarity: bad }, 'rarity: rarity cannot contain control characters'],
        [{ category: bad }, 'category: category cannot contain control characters'],
      ]
      for (const [fields, message] of cases) {
        const res = await patch('blox-fruits', id, { ...fields, reason: 'Renamed' }, editor)
        expect(res.status, JSON.stringify(fields)).toBe(400)
        expect((await errorOf(res)).message).toBe(message)
      }
    }
    expect(await t.database.db.select().from(items).where(eq(items.gameId, 'blox-fruits'))).toEqual(before)
    expect((await detail('blox-fruits', id)).item.name).toBe(name)
    expect(await rows('blox-fruits', id)).toHaveLength(1)
  })

  it('adds an item (a taken id is a 409) and retires it: gone from lists, its page and share links say so', async () => {
    const { id, name } = await newItem({ value: 2500 })
    expect((await list('blox-fruits', `&search=${encodeURIComponent(name)}`)).total).toBe(1)
    const again = await send(t, '/api/admin/items/blox-fruits', {
      body: { id, name: 'Again', reason: 'dup' },
      cookie: editor,
    })
    expect(again.status).toBe(409)

    const retire = (cookie?: string) =>
      send(t, `/api/admin/items/blox-fruits/${id}/retire`, {
        body: { reason: 'Removed from the game' },
        cookie,
      })
    expect((await retire(editor)).status).toBe(200)
    expect((await retire(editor)).status).toBe(409)
    // Search may still offer near names (other items named like it), never the retired item.
    const ids = (body: { items: { id: string }[] }) => body.items.map((i) => i.id)
    expect(ids(await list('blox-fruits', `&search=${encodeURIComponent(name)}`))).not.toContain(id)
    const everywhere = await send(t, `/api/items?search=${encodeURIComponent(name)}`)
    expect(everywhere.ok).toBe(true)
    expect(ids((await everywhere.json()) as { items: { id: string }[] })).not.toContain(id)
    expect((await detail('blox-fruits', id)).item.retired).toBe(true)
    const shared = await list('blox-fruits', `&ids=${id},kitsune`)
    expect(shared.items.map((i) => [i.id, i.retired])).toEqual([
      [id, true],
      ['kitsune', false],
    ])
    expect((await patch('blox-fruits', id, { value: 1, reason: 'r' }, editor)).status).toBe(409)
    const restored = await send(t, `/api/admin/items/blox-fruits/${id}/restore`, {
      body: { reason: 'Back in the game' },
      cookie: editor,
    })
    expect(restored.status).toBe(200)
    expect((await detail('blox-fruits', id)).item.retired).toBe(false)
  })

  it('an image upload is stored as 128 and 256 px WebP and listed; a file that is not an image is refused', async () => {
    const { id } = await newItem()
    const png = await sharp({
      create: { width: 300, height: 200, channels: 4, background: { r: 200, g: 40, b: 90, alpha: 1 } },
    })
      .png()
      .toBuffer()
    const upload = (bytes: Uint8Array, cookie = editor) => {
      const form = new FormData()
      form.set('image', new Blob([new Uint8Array(bytes)]), 'fruit.png')
      return send(t, `/api/admin/items/blox-fruits/${id}/image`, { body: form, cookie })
    }
    // The item page's link preview (its address changes with what it shows).
    const previewOf = async () =>
      (await (await t.app.request(`/values/blox-fruits/${id}`)).text()).match(
        /<meta property="og:image" content="http:\/\/localhost:3000(\/og\/items\/blox-fruits\/[^"]+)" \/>/,
      )?.[1]
    const previewBefore = await previewOf()
    const res = await upload(png)
    expect(res.status, await res.clone().text()).toBe(200)
    const { image } = (await res.json()) as { image: string }
    expect((await detail('blox-fruits', id)).item.image).toBe(image)
    for (const size of [128, 256]) {
      const file = await send(t, `${image}-${size}.webp`)
      expect(file.status).toBe(200)
      expect(file.headers.get('content-type')).toBe('image/webp')
      const meta = await sharp(Buffer.from(await file.arrayBuffer())).metadata()
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', size, size])
    }
    expect((await send(t, `${image}-64.webp`)).status).toBe(404)
    // The link preview is drawn anew with it, at a new address.
    const preview = await previewOf()
    expect(preview).toMatch(new RegExp(`^/og/items/blox-fruits/${id}\\.png\\?v=`))
    expect(preview).not.toBe(previewBefore)
    const card = await send(t, preview!)
    expect(card.headers.get('content-type')).toBe('image/png')

    const notImage = await upload(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'))
    expect(notImage.status).toBe(400)
    expect((await errorOf(notImage)).message).toBe('The image must be a PNG, JPEG or WebP picture')
    const fakePng = await upload(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 4]))
    expect(fakePng.status).toBe(400)
    const big = new Uint8Array(2 * 1024 * 1024 + 10)
    big.set([0x89, 0x50, 0x4e, 0x47])
    expect((await upload(big)).status).toBe(413)
    expect((await detail('blox-fruits', id)).item.image).toBe(image)
  })

  describe('image sizes and uploads per editor', () => {
    const TOO_LARGE = 'The image must be at most 4096 × 4096 pixels'
    const TOO_THIN =
      'The image is too narrow or too tall: its longer side can be at most 8 times its shorter side'
    const upload = (id: string, bytes: Uint8Array, cookie: string) => {
      const form = new FormData()
      form.set('image', new Blob([new Uint8Array(bytes)]), 'fruit.png')
      return send(t, `/api/admin/items/blox-fruits/${id}/image`, { body: form, cookie })
    }
    const storedImages = (itemId: string) =>
      t.database.db
        .select({ size: itemImages.size, version: itemImages.version })
        .from(itemImages)
        .where(and(eq(itemImages.gameId, 'blox-fruits'), eq(itemImages.itemId, itemId)))
    /** The refusal of an upload: its status (the body when it is not an error) and the error. */
    const refusalOf = async (res: Response) => {
      if (res.ok) return { status: res.status, body: await res.text() }
      return errorOf(res)
    }
    /** An editor of the test's own: uploads count against the editor's limit. */
    const freshEditor = async () =>
      (await signedInUser(t, freshEmail('imager'), ['blox-fruits-value-editor'])).cookie

    it('refuses, from its header, an image over 4096 px a side or longer than 1:8 and stores nothing; 4096 × 512 is taken', async () => {
      const cookie = await freshEditor()
      const { id } = await newItem()
      const tall = blackPng(1, 16_000_000)
      const started = performance.now()
      const refused = await upload(id, tall, cookie)
      console.info(
        `a 1 × 16,000,000 px PNG (${tall.byteLength} bytes) refused in ${Math.round(performance.now() - started)} ms`,
      )
      expect(await refusalOf(refused)).toMatchObject({
        status: 400,
        message: TOO_LARGE,
        fields: { image: TOO_LARGE },
      })
      const cases: [width: number, height: number, message: string][] = [
        [4097, 4000, TOO_LARGE],
        [3000, 4097, TOO_LARGE],
        [100, 900, TOO_THIN],
        [2700, 300, TOO_THIN],
      ]
      for (const [width, height, message] of cases)
        expect(
          await refusalOf(await upload(id, blackPng(width, height), cookie)),
          `${width} × ${height}`,
        ).toMatchObject({
          status: 400,
          message,
        })
      expect((await detail('blox-fruits', id)).item.image).toBeNull()
      expect(await storedImages(id)).toEqual([])

      // At the limits: 4096 px wide, 8 times as wide as tall.
      const taken = await upload(id, blackPng(4096, 512), cookie)
      expect(taken.status, await taken.clone().text()).toBe(200)
      const { image } = (await taken.json()) as { image: string }
      expect((await detail('blox-fruits', id)).item.image).toBe(image)
      expect((await storedImages(id)).map((row) => row.size).sort()).toEqual([128, 256])
    })

    it('the health check answers while four 1 × 16,000,000 px PNGs are sent at once', async () => {
      const cookie = await freshEditor()
      const { id } = await newItem()
      const tall = blackPng(1, 16_000_000)
      const started = performance.now()
      const uploads = Array.from({ length: 4 }, () => upload(id, tall, cookie))
      const health = await send(t, '/api/health')
      console.info(
        `the health check answered in ${Math.round(performance.now() - started)} ms during four refusals`,
      )
      expect(health.status).toBe(200)
      for (const res of await Promise.all(uploads))
        expect(await refusalOf(res)).toMatchObject({ status: 400, message: TOO_LARGE })
      expect(await storedImages(id)).toEqual([])
    })

    it('allows 30 image uploads per editor in 10 minutes; the next is a 429 that changes nothing', async () => {
      const cookie = await freshEditor()
      const { id } = await newItem()
      const png = blackPng(16, 16)
      for (let i = 0; i < 30; i++) expect((await upload(id, png, cookie)).status, `upload ${i + 1}`).toBe(200)
      const before = (await detail('blox-fruits', id)).item.image
      const stored = await storedImages(id)
      const refused = await upload(id, png, cookie)
      expect(await refusalOf(refused)).toMatchObject({
        status: 429,
        message: 'Too many uploads. Please wait a few minutes.',
      })
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/)
      expect((await detail('blox-fruits', id)).item.image).toBe(before)
      expect(await storedImages(id)).toEqual(stored)
      // Another editor's uploads are their own.
      expect((await upload(id, png, await freshEditor())).status).toBe(200)
    })
  })

  describe('bulk update', () => {
    const bulk = (csv: string, dryRun: boolean, cookie = editor) =>
      send(t, '/api/admin/items/blox-fruits/bulk', { body: { csv, reason: 'Weekly values', dryRun }, cookie })

    it('a dry run lists changed, unchanged, unknown and invalid rows with their lines, and changes nothing', async () => {
      const a = await newItem({ value: 100 })
      const b = await newItem({ value: 200 })
      const csv = [
        'id,value,demand,trend',
        `${a.id},150,6,Overpaid For`,
        `${b.id},200`,
        'no-such-fruit,5',
        `${a.id},1`,
        'Bad Id,1',
        `${b.id},-3`,
        `${b.id},12,11`,
        `${b.id},12,5,Sideways`,
        'only-an-id',
      ].join('\n')
      const res = await bulk(csv, true)
      expect(res.status, await res.clone().text()).toBe(200)
      const diff = bulkResponseSchema.parse(await res.json())
      expect(diff.applied).toBe(false)
      expect(diff.changed).toEqual([
        {
          line: 2,
          id: a.id,
          name: a.name,
          old: { value: 100, demand: null, trend: null },
          new: { value: 150, demand: 6, trend: 'Overpaid' },
        },
      ])
      expect(diff.unchanged).toEqual([{ line: 3, id: b.id }])
      expect(diff.unknown).toEqual([{ line: 4, id: 'no-such-fruit' }])
      expect(diff.invalid.map((r) => r.line)).toEqual([5, 6, 7, 8, 9, 10])
      expect(diff.invalid[0]?.problem).toBe(`${a.id} is already on line 2`)
      expect((await itemRow('blox-fruits', a.id))?.value).toBe(100)
    })

    it('applies every row in one transaction with one reason, or none when any row is wrong', async () => {
      const a = await newItem({ value: 100 })
      const b = await newItem({ value: 200 })
      const refused = await bulk(`${a.id},110\n${b.id},abc`, false)
      expect(refused.status).toBe(400)
      expect((await errorOf(refused)).message).toMatch(
        /^Nothing was applied.*line 2: value: "abc" is not a value/,
      )
      expect((await itemRow('blox-fruits', a.id))?.value).toBe(100)

      const applied = bulkResponseSchema.parse(
        await (await bulk(`${a.id},110,7\r\n${b.id},"250"\n`, false)).json(),
      )
      expect(applied.applied).toBe(true)
      expect(applied.changed.map((c) => c.id)).toEqual([a.id, b.id])
      expect((await itemRow('blox-fruits', a.id))?.demand).toBe(7)
      expect((await itemRow('blox-fruits', b.id))?.value).toBe(250)
      const records = await rows('blox-fruits', b.id)
      expect(records.at(-1)).toMatchObject({
        oldValue: 200,
        newValue: 250,
        reason: 'Weekly values',
        source: 'editor',
      })
    })

    it('reads values in the notation the site shows, quoted cells with commas too; a bad one names its line', async () => {
      const a = await newItem({ value: 100 })
      const b = await newItem({ value: 200 })
      const c = await newItem({ value: 300 })
      const csv = `id,value\n${a.id},1.5K\n${b.id},"2,500,000",7,Rising\n${c.id}, 3.91b `
      const dry = bulkResponseSchema.parse(await (await bulk(csv, true)).json())
      expect(dry.invalid).toEqual([])
      expect(dry.changed.map((r) => r.new.value)).toEqual([1500, 2_500_000, 3_910_000_000])
      const bad = await bulk(`${a.id},2K\n${b.id},7X\n${c.id},"1,5"`, true)
      expect(bad.status).toBe(200)
      expect((await bad.json()).invalid).toEqual([
        {
          line: 2,
          problem: 'value: "X" is not a value suffix: use K, M, B, T, Qa, Qi, Sx, Sp, Oc, No or Dc',
        },
        {
          line: 3,
          problem: expect.stringMatching(/^value: "1,5" is not a value\. A number, or with a suffix/),
        },
      ])
      const refused = await bulk(`${a.id},2K\n${b.id},7X`, false)
      expect(refused.status).toBe(400)
      expect(await itemRow('blox-fruits', a.id)).toMatchObject({ value: 100 })
      expect(bulkResponseSchema.parse(await (await bulk(csv, false)).json()).applied).toBe(true)
      expect(await itemRow('blox-fruits', b.id)).toMatchObject({
        value: 2_500_000,
        demand: 7,
        trend: 'Rising',
      })
      expect((await itemRow('blox-fruits', c.id))?.value).toBe(3_910_000_000)
    })

    it('a trend named like a built-in property (__proto__, constructor, toString) is an unknown trend: 400 naming the row, nothing stored', async () => {
      const a = await newItem({ value: 100 })
      const b = await newItem({ value: 200 })
      for (const trend of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf']) {
        const csv = `${a.id},150\n${b.id},250,5,${trend}`
        const dry = await bulk(csv, true)
        expect(dry.status, trend).toBe(200)
        expect((await dry.json()).invalid, trend).toEqual([{ line: 2, problem: `unknown trend "${trend}"` }])
        const applied = await bulk(csv, false)
        expect(applied.status, trend).toBe(400)
        expect((await errorOf(applied)).message, trend).toBe(
          `${VALUE_MESSAGES.bulkNotApplied} (line 2: unknown trend "${trend}")`,
        )
      }
      expect(await itemRow('blox-fruits', a.id)).toMatchObject({ value: 100, trend: null })
      expect(await itemRow('blox-fruits', b.id)).toMatchObject({ value: 200, demand: null, trend: null })
      expect(await rows('blox-fruits', b.id)).toHaveLength(1)
    })

    it('an empty or huge CSV and a missing reason are refused', async () => {
      expect((await bulk('', true)).status).toBe(400)
      const noReason = await send(t, '/api/admin/items/blox-fruits/bulk', {
        body: { csv: 'kitsune,1', dryRun: true },
        cookie: editor,
      })
      expect((await errorOf(noReason)).message).toContain(VALUE_MESSAGES.reasonRequired)
      expect((await bulk('x'.repeat(600 * 1024), true)).status).toBe(400)
      expect((await bulk('x'.repeat(1200 * 1024), true)).status).toBe(413)
    })
  })

  it('the change log filters by game and source, pages, and refuses an unknown filter', async () => {
    const { id } = await newItem({ value: 400 })
    await patch('blox-fruits', id, { value: 300, reason: 'Dropping' }, editor)
    const log = async (query: string) => {
      const res = await send(t, `/api/changes${query}`)
      expect(res.status, query).toBe(200)
      return changeLogResponseSchema.parse(await res.json())
    }
    const all = await log('')
    expect(all.changes[0]).toMatchObject({ itemId: id, percent: -25, source: 'editor' })
    expect(all.changes.every((c) => c.source !== 'catalog')).toBe(true)
    expect((await log('?game=fisch')).changes.every((c) => c.gameId === 'fisch')).toBe(true)
    expect((await log('?source=official-rap')).changes.every((c) => c.source === 'official-rap')).toBe(true)
    expect((await log('?page=2')).page).toBe(2)
    for (const bad of ['?game=roblox', '?source=rumour', '?page=0', '?colour=red']) {
      expect((await send(t, `/api/changes${bad}`)).status, bad).toBe(400)
    }
  })
})
