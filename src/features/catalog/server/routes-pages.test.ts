/**
 * The head of server-rendered pages: an item's title and description, a shared trade's preview title,
 * the site search declared on the home page, and the 404 page.
 */
import { describe, expect, it } from 'vitest'
import { get, setUpCatalogApp } from './routes-test-setup'

describe('catalog API', () => {
  setUpCatalogApp()

  describe('server-rendered head', () => {
    it('puts the item title and description into the HTML', async () => {
      const res = await get('/values/blox-fruits/kitsune')
      expect(res.status).toBe(200)
      const html = await res.text()
      expect(html).toContain('<title>Kitsune value — Blox Fruits | TradeHub</title>')
      expect(html).toMatch(
        /<meta name="description" content="Kitsune \(Blox Fruits\): value [^"]+demand \d+\/10/,
      )
      expect(html).toContain('<meta property="og:title" content="Kitsune value — Blox Fruits | TradeHub" />')
    })

    it('gives a shared trade a preview title with its verdict', async () => {
      const html = await (
        await get('/values-and-wfl?tab=wfl&game=blox-fruits&give=kitsune,dough&get=west-dragon')
      ).text()
      expect(html).toContain('<title>Win: 2 items for 1 — Kitsune + Dough for West Dragon | TradeHub</title>')
      expect(html).toMatch(
        /<meta property="og:description" content="You give 670M and get 3.91B in Blox Fruits values/,
      )
      const adopt = await (
        await get(
          '/trade-helper/adopt-me?tab=wfl&give=shadow-dragon~mega-neon-fly-ride&get=frost-dragon*2&band=25',
        )
      ).text()
      expect(adopt).toContain(
        '<title>Loss: 1 item for 2 — Shadow Dragon for Frost Dragon ×2 | TradeHub</title>',
      )
      // Ids of another game are left out of the preview, as on the page.
      const foreign = await (
        await get('/trade-helper/blox-fruits?tab=wfl&give=shadow-dragon&get=kitsune')
      ).text()
      expect(foreign).toContain('<title>Trade: 0 items for 1 — nothing for Kitsune | TradeHub</title>')
      // A variant the item does not have is dropped: West Dragon counts at its headline value.
      const variant = await (
        await get('/trade-helper/blox-fruits?tab=wfl&give=kitsune&get=west-dragon~bogus')
      ).text()
      expect(variant).toContain('<title>Win: 1 item for 1 — Kitsune for West Dragon | TradeHub</title>')
      expect(variant).toMatch(/You give 640M and get 3.91B/)
      // A typed amount counts, named with the game's unit.
      const amount = await (await get('/trade-helper/blox-fruits?tab=wfl&give=kitsune&get=$700M')).text()
      expect(amount).toContain('<title>Fair: 1 item for 1 — Kitsune for 700M Beli | TradeHub</title>')
      expect(amount).toMatch(/You give 640M and get 700M/)
    })

    it('declares the site search on the home page', async () => {
      const html = await (await get('/')).text()
      const block = html.match(/<script type="application\/ld\+json">(.*?)<\/script>/)![1]!
      expect(JSON.parse(block)).toMatchObject({
        '@type': 'WebSite',
        potentialAction: {
          target: { urlTemplate: 'http://localhost:3000/values-and-wfl?search={search_term_string}' },
        },
      })
      expect(await (await get('/about')).text()).not.toContain('application/ld+json')
    })

    it('answers an unknown item page with the 404 page', async () => {
      const res = await get('/values/blox-fruits/no-such-fruit')
      expect(res.status).toBe(404)
      expect(await res.text()).toContain('<title>Page Not Found | TradeHub</title>')
    })
  })
})
