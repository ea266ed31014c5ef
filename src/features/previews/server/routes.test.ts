import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { changeItemValue, createItem, setItemRetired } from '@/features/catalog/server/public'
import { createTestApp } from '@/test/app'
import { fakeWeb } from '@/test/web'

describe('link-preview images', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>
  const get = (url: string, headers: Record<string, string> = {}) => t.app.request(url, { headers })
  const catalog = () => ({ db: t.database.db, cache: t.cache })
  beforeAll(async () => {
    t = await createTestApp({ web: await fakeWeb() })
  })
  afterAll(() => t.close())

  /** The answer is a 1200 × 630 PNG (read by sharp). */
  async function expectPreviewPng(res: Response) {
    expect(res.status, res.status === 200 ? '' : await res.clone().text()).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/png')
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1200, 630])
  }

  /** The og:image (and its size and card tags) of a page the server renders. */
  async function headImage(path: string) {
    const html = await (await get(path)).text()
    const content = (property: string) =>
      html.match(new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)" />`))?.[1]
    const image = content('og:image')?.replaceAll('&amp;', '&')
    return {
      image,
      path: image?.replace('http://localhost:3000', ''),
      width: content('og:image:width'),
      height: content('og:image:height'),
      card: content('twitter:card'),
    }
  }

  describe('GET /og/items/:game/:item.png', () => {
    it('answers a 1200 × 630 PNG with an ETag, Cache-Control and 304 on a match', async () => {
      const res = await get('/og/items/blox-fruits/kitsune.png')
      expect(res.headers.get('cache-control')).toMatch(/^public, max-age=\d+/)
      const etag = res.headers.get('etag')!
      expect(etag).toMatch(/^"[0-9a-z]+"$/)
      await expectPreviewPng(res)
      const again = await get('/og/items/blox-fruits/kitsune.png?v=abc', { 'if-none-match': `W/${etag}` })
      expect(again.status).toBe(304)
      expect(await again.text()).toBe('')
    })

    it('draws a name with <, & and quotes (escaped, not broken SVG), an item without value and one retired', async () => {
      await createItem(
        catalog(),
        'blox-fruits',
        {
          id: 'og-tricky-name',
          name: `Dough <Awakened> & "Shiny" 'Ultra' \u0007 ${'Long '.repeat(12)}`,
          value: 1234,
        },
        { by: null, source: 'test', reason: null },
      )
      await expectPreviewPng(await get('/og/items/blox-fruits/og-tricky-name.png'))
      await expectPreviewPng(await get('/og/items/fisch/rod-of-the-forgotten-fang.png'))
      await setItemRetired(catalog(), 'blox-fruits', 'og-tricky-name', true, {
        by: null,
        source: 'test',
        reason: null,
      })
      await expectPreviewPng(await get('/og/items/blox-fruits/og-tricky-name.png'))
      expect(t.loggedErrors).toEqual([])
    })

    it('draws a new image when the value changes: a new ETag and a new address in the head', async () => {
      const before = await get('/og/items/murder-mystery-2/gingerscope.png')
      const head = await headImage('/values/murder-mystery-2/gingerscope')
      await changeItemValue(catalog(), {
        gameId: 'murder-mystery-2',
        itemId: 'gingerscope',
        value: 98765,
        changedBy: null,
        source: 'test',
      })
      const after = await get('/og/items/murder-mystery-2/gingerscope.png', {
        'if-none-match': before.headers.get('etag')!,
      })
      expect(after.status).toBe(200)
      expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'))
      expect((await headImage('/values/murder-mystery-2/gingerscope')).image).not.toBe(head.image)
    })

    it('answers 404 for an unknown item, game or file name, and 400 for an unknown parameter', async () => {
      for (const url of [
        '/og/items/blox-fruits/no-such-fruit.png',
        '/og/items/no-such-game/kitsune.png',
        '/og/items/blox-fruits/kitsune.jpg',
        '/og/items/blox-fruits/Kitsune.png',
        '/og/items/blox-fruits/kitsune',
        '/og/items/blox-fruits/shadow-dragon.png',
      ]) {
        expect((await get(url)).status, url).toBe(404)
      }
      for (const url of [
        '/og/items/blox-fruits/kitsune.png?size=2',
        '/og/items/blox-fruits/kitsune.png?v=<x>',
        '/og/items/blox-fruits/kitsune.png?v=%FF',
      ]) {
        expect((await get(url)).status, url).toBe(400)
      }
    })
  })

  describe('GET /og/trade.png', () => {
    const trade =
      '/og/trade.png?game=blox-fruits&give=kitsune,dough*2,buddha,magma,light&get=west-dragon~permanent'

    it('answers a 1200 × 630 PNG of the trade, with an ETag and 304 on a match', async () => {
      const res = await get(`${trade}&band=10`)
      await expectPreviewPng(res)
      const etag = res.headers.get('etag')!
      expect((await get(`${trade}&band=10`, { 'if-none-match': etag })).status).toBe(304)
      // The share link's own query (tab=wfl) is welcome; another band is another verdict, another image.
      expect((await get(`${trade}&band=10&tab=wfl`, { 'if-none-match': etag })).status).toBe(304)
      const band25 = await get(`${trade}&band=25`)
      expect(band25.headers.get('etag')).not.toBe(etag)
      await expectPreviewPng(await get('/og/trade.png?game=adopt-me&give=shadow-dragon~mega-neon-fly-ride'))
    })

    it('draws a Grow a Garden crop with its mutations and weight: another image than the plain crop', async () => {
      const crop = await get(
        '/og/trade.png?game=grow-a-garden&give=carrot!gold.shocked.wet_0.55*2&get=raccoon',
      )
      await expectPreviewPng(crop)
      const plain = await get('/og/trade.png?game=grow-a-garden&give=carrot*2&get=raccoon')
      await expectPreviewPng(plain)
      expect(crop.headers.get('etag')).not.toBe(plain.headers.get('etag'))
      const pet = await get('/og/trade.png?game=grow-a-garden&give=raccoon_2')
      expect(pet.status).toBe(400)
      expect(Object.keys((await pet.json()).error.fields)).toContain('modifiers')
    })

    it('answers 400 for a trade the calculator could not show, naming the problem', async () => {
      const cases: [string, string][] = [
        ['/og/trade.png?game=blox-fruits&give=kitsune*0', 'give'],
        ['/og/trade.png?game=blox-fruits&give=<script>', 'give'],
        ['/og/trade.png?game=blox-fruits&give=kitsune&band=7', 'band'],
        ['/og/trade.png?game=blox-fruits&give=shadow-dragon', 'ids'],
        ['/og/trade.png?game=blox-fruits&give=kitsune~mega-neon', 'variants'],
        ['/og/trade.png?game=blox-fruits', 'give'],
        ['/og/trade.png?give=kitsune', 'game'],
        ['/og/trade.png?game=no-such-game&give=kitsune', 'game'],
        ['/og/trade.png?game=blox-fruits&give=kitsune&tab=values', 'tab'],
        ['/og/trade.png?game=blox-fruits&give=kitsune&side=get', '(body)'],
      ]
      for (const [url, field] of cases) {
        const res = await get(url)
        expect(res.status, url).toBe(400)
        const body = await res.json()
        expect(Object.keys(body.error.fields ?? { '(body)': '' }).join(), url).toContain(field)
      }
      expect(t.loggedErrors).toEqual([])
    })
  })

  describe('page heads', () => {
    it('an item page links its preview image, large, by absolute address', async () => {
      const head = await headImage('/values/blox-fruits/kitsune')
      expect(head.image).toMatch(
        /^http:\/\/localhost:3000\/og\/items\/blox-fruits\/kitsune\.png\?v=[0-9a-z]+$/,
      )
      expect([head.width, head.height, head.card]).toEqual(['1200', '630', 'summary_large_image'])
      await expectPreviewPng(await get(head.path!))
    })

    it('a shared trade links the image of the trade the calculator shows', async () => {
      const head = await headImage(
        '/values-and-wfl?tab=wfl&game=blox-fruits&give=kitsune,dough*2&get=west-dragon',
      )
      expect(head.image).toMatch(
        /^http:\/\/localhost:3000\/og\/trade\.png\?game=blox-fruits&give=kitsune,dough\*2&get=west-dragon&band=10&v=[0-9a-z]+$/,
      )
      expect([head.width, head.height, head.card]).toEqual(['1200', '630', 'summary_large_image'])
      await expectPreviewPng(await get(head.path!))

      // Unknown items, unknown variants and malformed parts are left out, as on the page.
      const cleaned = await headImage(
        '/trade-helper/blox-fruits?tab=wfl&give=kitsune,shadow-dragon,dough*0&get=west-dragon~bogus&band=25',
      )
      expect(cleaned.path).toMatch(
        /^\/og\/trade\.png\?game=blox-fruits&give=kitsune&get=west-dragon&band=25&v=/,
      )
      await expectPreviewPng(await get(cleaned.path!))
    })

    it('a shared Grow a Garden trade carries the mutations and weight to the image', async () => {
      const head = await headImage(
        '/trade-helper/grow-a-garden?tab=wfl&give=carrot!gold.shocked.wet_0.55&get=raccoon!gold',
      )
      // Modifiers the item cannot take (a pet) are left out, as on the page.
      expect(head.path).toMatch(
        /^\/og\/trade\.png\?game=grow-a-garden&give=carrot!gold\.shocked\.wet_0\.55&get=raccoon&band=10&v=/,
      )
      await expectPreviewPng(await get(head.path!))
    })

    it('pages without a trade keep the small card and no image', async () => {
      for (const path of [
        '/values-and-wfl',
        '/values-and-wfl?tab=wfl',
        '/trade-helper/blox-fruits?give=shadow-dragon',
      ]) {
        const head = await headImage(path)
        expect([head.image, head.card], path).toEqual([undefined, 'summary'])
      }
    })
  })
})
