/**
 * Adding, retiring and restoring items, and their images: stored in two sizes, refused when too large,
 * too thin or not an image, and limited per editor.
 */
import { and, eq } from 'drizzle-orm'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { itemImages } from '@/features/value-ops/tables'
import { errorOf, send } from '@/test/accounts'
import { freshEmail, signedInUser } from '@/test/alert-delivery'
import { blackPng } from '@/test/images'
import { detail, editor, list, newItem, patch, setUpEditorApp, t } from './editor-test-setup'

describe('value editor API', () => {
  setUpEditorApp()

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
})
