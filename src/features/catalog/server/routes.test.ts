import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  changesResponseSchema,
  gamesResponseSchema,
  itemDetailResponseSchema,
  itemListResponseSchema,
  searchResponseSchema,
  tradeResponseSchema,
} from '@/features/catalog/contract'
import { createTestApp } from '@/test/app'
import { notPublicWordsIn } from '@/test/not-public-words'
import { fakeWeb } from '@/test/web'
import { changeItemValue } from './changes'

describe('catalog API', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>
  const get = (url: string, headers: Record<string, string> = {}) => t.app.request(url, { headers })
  beforeAll(async () => {
    t = await createTestApp({ web: await fakeWeb() })
  })
  afterAll(() => t.close())

  describe('GET /api/games', () => {
    it('lists the eight games with counts, an ETag and 304 on a match', async () => {
      const res = await get('/api/games')
      expect(res.status).toBe(200)
      const body = gamesResponseSchema.parse(await res.json())
      expect(body.games.map((g) => g.id)).toHaveLength(8)
      const blox = body.games.find((g) => g.id === 'blox-fruits')!
      expect(blox.itemCount).toBe(86)
      expect(blox.variantLabels).toHaveProperty('permanent')
      // What each game's values started from, in public words: no repository, file or rival site.
      for (const game of body.games) {
        expect(game.startingValues).toEqual({ basis: expect.any(String), asOf: expect.any(String) })
        const said = JSON.stringify(game)
        expect(said).not.toMatch(/github|\.ts\b|\.lua|\.json|decompiled|repository|scraped|\.com|\.io/i)
        expect(said).not.toMatch(/none found|left null/)
      }
      expect(blox.startingValues).toEqual({ basis: 'community trade values', asOf: '2026-08-17' })
      expect(body.games.find((g) => g.id === 'fisch')).toMatchObject({ valuedCount: 0, itemCount: 186 })
      expect(body.games.find((g) => g.id === 'pets-go')).toMatchObject({ valuedCount: 0, itemCount: 96 })
      expect(body.games.find((g) => g.id === 'grow-a-garden')).toMatchObject({
        valuedCount: 88,
        itemCount: 315,
      })
      // A game's freshness is when one of its values last changed: the starter values' date until an edit.
      expect(blox.lastValueChangeAt).toBe('2026-08-17T00:00:00.000Z')
      expect(body.games.find((g) => g.id === 'fisch')!.lastValueChangeAt).toBeNull()
      expect(res.headers.get('cache-control')).toContain('max-age=')
      const etag = res.headers.get('etag')!
      expect(etag).toMatch(/^".+"$/)
      const again = await get('/api/games', { 'if-none-match': etag })
      expect(again.status).toBe(304)
      expect(await again.text()).toBe('')
    })
  })

  describe('GET /api/games/:game/items', () => {
    it('sorts by value (highest first, items without value last) and pages', async () => {
      const first = itemListResponseSchema.parse(
        await (await get('/api/games/blox-fruits/items?pageSize=20')).json(),
      )
      expect(first.total).toBe(86)
      expect(first.items).toHaveLength(20)
      const values = first.items.map((i) => i.value ?? -1)
      expect(values).toEqual([...values].sort((a, b) => b - a))
      const second = itemListResponseSchema.parse(
        await (await get('/api/games/blox-fruits/items?pageSize=20&page=2')).json(),
      )
      expect(second.items[0]!.id).not.toBe(first.items[0]!.id)
      expect(new Set([...first.items, ...second.items].map((i) => i.id)).size).toBe(40)
      const last = itemListResponseSchema.parse(
        await (await get('/api/games/blox-fruits/items?pageSize=100')).json(),
      )
      expect(last.items.at(-1)!.value).toBeNull()
    })

    it('says "no value" with null, never 0', async () => {
      const body = itemListResponseSchema.parse(
        await (await get('/api/games/pets-go/items?pageSize=5')).json(),
      )
      expect(body.items.every((i) => i.value === null)).toBe(true)
    })

    it('sorts by name, demand and most recently changed', async () => {
      const byName = itemListResponseSchema.parse(
        await (await get('/api/games/adopt-me/items?sort=name&pageSize=100')).json(),
      )
      const names = byName.items.map((i) => i.name)
      expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)))
      const byDemand = itemListResponseSchema.parse(
        await (await get('/api/games/adopt-me/items?sort=demand&pageSize=100')).json(),
      )
      const demands = byDemand.items.map((i) => i.demand ?? -1)
      expect(demands).toEqual([...demands].sort((a, b) => b - a))
      const changed = await get('/api/games/adopt-me/items?sort=changed')
      expect(changed.status).toBe(200)
    })

    it('searches case- and accent-insensitively, by partial words, exact name first', async () => {
      for (const q of ['kitsune', 'KITSUNE', 'kïtsune', 'kits']) {
        const body = itemListResponseSchema.parse(
          await (await get(`/api/games/blox-fruits/items?search=${encodeURIComponent(q)}`)).json(),
        )
        expect(body.items[0]?.name, q).toBe('Kitsune')
      }
      const words = itemListResponseSchema.parse(
        await (await get('/api/games/blox-fruits/items?search=dragon%20east')).json(),
      )
      expect(words.items.map((i) => i.name)).toContain('East Dragon')
      const none = itemListResponseSchema.parse(
        await (await get('/api/games/blox-fruits/items?search=zzzzzz')).json(),
      )
      expect(none).toMatchObject({ total: 0, items: [] })
    })

    it('forgives a typo when no name holds the query: drgon finds the Dragons, kitsnue Kitsune', async () => {
      const search = async (q: string) =>
        itemListResponseSchema.parse(await (await get(`/api/games/blox-fruits/items?search=${q}`)).json())
      const dragons = (await search('drgon')).items.map((i) => i.name)
      expect(dragons).toEqual(expect.arrayContaining(['East Dragon', 'West Dragon']))
      expect(dragons.every((name) => name.includes('Dragon'))).toBe(true)
      expect((await search('kitsnue')).items[0]?.name).toBe('Kitsune')
      // A name that holds the query is never crowded by guesses.
      expect((await search('dough')).items.every((i) => i.name.toLowerCase().includes('dough'))).toBe(true)
      const everywhere = searchResponseSchema.parse(await (await get('/api/items?search=kitsnue')).json())
      // Both games' Kitsune first (Blox Fruits' fruit, Grow a Garden's pet), before names that hold the word.
      expect(
        everywhere.items
          .slice(0, 2)
          .map((i) => `${i.gameId}/${i.name}`)
          .sort(),
      ).toEqual(['blox-fruits/Kitsune', 'grow-a-garden/Kitsune'])
    })

    it('filters by category and rarity and reports the facets', async () => {
      const body = itemListResponseSchema.parse(
        await (await get('/api/games/blox-fruits/items?category=fruit&rarity=Mythical&pageSize=100')).json(),
      )
      expect(body.total).toBeGreaterThan(0)
      expect(body.items.every((i) => i.category === 'fruit' && i.rarity === 'Mythical')).toBe(true)
      expect(body.facets.categories).toEqual(expect.arrayContaining(['fruit', 'gamepass']))
      expect(body.facets.rarities).toContain('Mythical')
    })

    it('returns exactly the ids asked for, in order', async () => {
      const body = itemListResponseSchema.parse(
        await (await get('/api/games/blox-fruits/items?ids=dough,kitsune')).json(),
      )
      expect(body.items.map((i) => i.id)).toEqual(['dough', 'kitsune'])
    })

    it('refuses an id of another game with a clear 400 naming it', async () => {
      const res = await get('/api/games/blox-fruits/items?ids=kitsune,shadow-dragon')
      expect(res.status).toBe(400)
      const body = await res.json()
      expect(body.error.message).toBe('Unknown items in Blox Fruits: shadow-dragon')
      expect(body.error.fields.ids).toBe('shadow-dragon')
    })
  })

  describe('GET /api/games/:game/trade', () => {
    it('evaluates a shared trade with the calculator rule and its preview title', async () => {
      const res = await get(
        '/api/games/blox-fruits/trade?give=kitsune,dough&get=west-dragon~permanent&band=25',
      )
      expect(res.status).toBe(200)
      const body = tradeResponseSchema.parse(await res.json())
      expect(body.band).toBe(25)
      expect(body.rule).toContain('±25%')
      expect(body.trade.get).toEqual([{ itemId: 'west-dragon', quantity: 1, variant: 'permanent' }])
      expect(body.items.map((i) => i.id).sort()).toEqual(['dough', 'kitsune', 'west-dragon'])
      expect(body.result.give.valuedCount).toBe(2)
      expect(body.result.difference).toBe(body.result.get.total - body.result.give.total)
      expect(body.result.verdict).not.toBeNull()
      expect(body.title).toBe('Win: 2 items for 1 — Kitsune + Dough for West Dragon')
      expect(body.result.verdict).toBe('win')
      // The same answer again is a 304, also for a weak validator.
      const etag = res.headers.get('etag')!
      const again = await get(
        '/api/games/blox-fruits/trade?give=kitsune,dough&get=west-dragon~permanent&band=25',
        {
          'if-none-match': `W/${etag}`,
        },
      )
      expect(again.status).toBe(304)
    })

    it('uses the default band and counts quantities', async () => {
      const body = tradeResponseSchema.parse(
        await (await get('/api/games/blox-fruits/trade?give=dough*3')).json(),
      )
      expect(body.band).toBe(10)
      expect(body.result.give.valuedCount).toBe(3)
      expect(body.result.verdict).toBeNull()
      expect(body.title).toBe('Trade: 3 items for 0 — Dough ×3 for nothing')
    })

    it('names every malformed part of the link in its 400', async () => {
      const res = await get('/api/games/blox-fruits/trade?give=kitsune*0,dough&get=Dragon!')
      expect(res.status).toBe(400)
      const body = await res.json()
      expect(body.error.fields.give).toContain('"kitsune*0" is not a slot')
      expect(body.error.fields.get).toContain('"Dragon!" is not a slot')
    })

    it('refuses an item of another game and a variant the item does not have, naming them', async () => {
      const other = await get('/api/games/blox-fruits/trade?give=kitsune&get=shadow-dragon')
      expect(other.status).toBe(400)
      expect((await other.json()).error.fields.ids).toBe('shadow-dragon')
      const variant = await get('/api/games/blox-fruits/trade?give=kitsune~mega-neon')
      expect(variant.status).toBe(400)
      expect((await variant.json()).error.fields.variants).toBe('kitsune~mega-neon')
    })

    it('values a Grow a Garden crop by its variant, mutations and weight, as the calculator does', async () => {
      const res = await get('/api/games/grow-a-garden/trade?give=carrot!gold.shocked.wet_0.55*2&get=carrot')
      expect(res.status).toBe(200)
      const body = tradeResponseSchema.parse(await res.json())
      expect(body.trade.give).toEqual([
        {
          itemId: 'carrot',
          quantity: 2,
          modifiers: { variant: 'gold', mutations: ['shocked', 'wet'], kg: 0.55 },
        },
      ])
      // 0.55 kg Gold Carrot with Wet and Shocked: 161,600 Sheckles each (the game's sell value).
      expect(body.result.give.total).toBe(323_200)
      expect(body.result.get.total).toBe(20)
      expect(body.title).toBe('Loss: 2 items for 1 — Carrot (0.55 kg · Gold · Shocked · Wet) ×2 for Carrot')
    })

    it('values a Grow a Garden pet by its mutation and age, as the calculator does', async () => {
      const res = await get('/api/games/grow-a-garden/trade?give=raccoon!ascended@100&get=raccoon')
      expect(res.status).toBe(200)
      const body = tradeResponseSchema.parse(await res.json())
      expect(body.trade.give).toEqual([
        { itemId: 'raccoon', quantity: 1, modifiers: { mutations: ['ascended'], age: 100 } },
      ])
      // Ascended ×5, age 100 ×10 its age-1 weight.
      expect(body.result.give.total / body.result.get.total).toBeCloseTo(50)
      const crop = await get('/api/games/grow-a-garden/trade?give=carrot@3')
      expect(crop.status).toBe(400)
      expect((await crop.json()).error.fields.modifiers).toBe('carrot')
    })

    it('refuses modifiers an item cannot take and unknown mutations, naming them', async () => {
      const pet = await get('/api/games/grow-a-garden/trade?give=raccoon!gold')
      expect(pet.status).toBe(400)
      expect((await pet.json()).error.fields.modifiers).toBe('raccoon')
      // Blueberry's base weight is not known: it takes mutations but no weight.
      const weight = await get('/api/games/grow-a-garden/trade?give=blueberry!gold_2')
      expect(weight.status).toBe(400)
      expect((await weight.json()).error.fields.modifiers).toBe('blueberry')
      const other = await get('/api/games/blox-fruits/trade?give=kitsune!gold')
      expect((await other.json()).error.fields.modifiers).toBe('kitsune')
      const unknown = await get('/api/games/grow-a-garden/trade?give=carrot!sparkly,carrot_0')
      expect(unknown.status).toBe(400)
      const give = (await unknown.json()).error.fields.give
      expect(give).toContain('"carrot!sparkly" is not a slot')
    })
  })

  describe('search across games', () => {
    it('finds items of every game for ?search=', async () => {
      const body = searchResponseSchema.parse(await (await get('/api/items?search=dragon')).json())
      expect(new Set(body.items.map((i) => i.gameId)).size).toBeGreaterThan(1)
      expect(body.total).toBeGreaterThanOrEqual(body.items.length)
    })

    it('knows former names: Leopard is Tiger, Chop Blade, Falcon Eagle, Rumble Lightning', async () => {
      for (const [former, id] of [
        ['leopard', 'tiger'],
        ['Chop', 'blade'],
        ['falcon', 'eagle'],
        ['rumble', 'lightning'],
      ]) {
        const inGame = itemListResponseSchema.parse(
          await (await get(`/api/games/blox-fruits/items?search=${former}`)).json(),
        )
        expect(inGame.items[0]?.id).toBe(id)
        const everywhere = searchResponseSchema.parse(await (await get(`/api/items?search=${former}`)).json())
        expect(everywhere.items[0]).toMatchObject({ gameId: 'blox-fruits', id })
      }
      const detail = itemDetailResponseSchema.parse(
        await (await get('/api/games/blox-fruits/items/tiger')).json(),
      )
      expect(detail.item.aliases).toEqual(['Leopard'])
    })
  })

  describe('item detail', () => {
    it('answers the item, its game, value history and similar items in one request', async () => {
      const res = await get('/api/games/blox-fruits/items/kitsune')
      expect(res.status).toBe(200)
      expect(res.headers.get('etag')).toBeTruthy()
      const body = itemDetailResponseSchema.parse(await res.json())
      expect(body.item).toMatchObject({ id: 'kitsune', name: 'Kitsune', category: 'fruit' })
      expect(body.item.variants).toHaveProperty('permanent')
      expect(body.game.name).toBe('Blox Fruits')
      expect(body.history).toEqual([
        { at: '2026-08-17T00:00:00.000Z', oldValue: null, newValue: body.item.value, source: 'catalog' },
      ])
      expect(body.similar.length).toBeGreaterThan(0)
      expect(body.similar.every((s) => s.category === 'fruit' && s.id !== 'kitsune')).toBe(true)
    })

    it('names no value site, repository or scraped file on the games or on the item pages of any game', async () => {
      const games = gamesResponseSchema.parse(await (await get('/api/games')).json()).games
      expect(games).toHaveLength(8)
      expect(notPublicWordsIn(games)).toEqual([])
      // The items whose notes once named value sites, and a spread of every game's items (all of them,
      // notes included, are checked where they are stored: import.test.ts).
      const named = ['adopt-me/bat-dragon', 'adopt-me/strawberry-tortle', 'murder-mystery-2/luger']
      for (const game of games) {
        const ids: string[] = []
        for (let page = 1; ids.length < game.itemCount; page++) {
          const list = itemListResponseSchema.parse(
            await (await get(`/api/games/${game.id}/items?pageSize=100&page=${page}`)).json(),
          )
          expect(list.items.length).toBeGreaterThan(0)
          expect(notPublicWordsIn(list), `${game.id} page ${page}`).toEqual([])
          ids.push(...list.items.map((item) => item.id))
        }
        const step = Math.ceil(ids.length / 12)
        const picked = ids.filter((id, i) => i % step === 0 || named.includes(`${game.id}/${id}`))
        for (const id of picked) {
          const detail = itemDetailResponseSchema.parse(
            await (await get(`/api/games/${game.id}/items/${id}`)).json(),
          )
          expect(notPublicWordsIn(detail), `${game.id}/${id}`).toEqual([])
        }
      }
      const luger = itemDetailResponseSchema.parse(
        await (await get('/api/games/murder-mystery-2/items/luger')).json(),
      )
      expect(luger.item.notes).toBe('Rarity score 10; no agreed value: quoted anywhere from 47 to 1,000,000')
    })

    it('answers unknown games and items with 404', async () => {
      for (const url of [
        '/api/games/minecraft/items',
        '/api/games/minecraft/items/dirt',
        '/api/games/blox-fruits/items/no-such-fruit',
        '/api/games/blox-fruits/items/NOT_AN_ID',
        '/api/games/blox-fruits/items/no-such-fruit/history',
      ]) {
        const res = await get(url)
        expect(res.status, url).toBe(404)
        expect((await res.json()).error.code).toBe('NOT_FOUND')
      }
    })
  })

  describe('value history and changes', () => {
    it('records a value change, serves it at once (cache invalidated) and in the history', async () => {
      const before = await get('/api/games/murder-mystery-2/items?search=icebreaker')
      const etag = before.headers.get('etag')!
      const item = itemListResponseSchema.parse(await before.json()).items[0]!
      const catalog = { db: t.database.db, cache: t.cache }
      const setTo4321 = () =>
        changeItemValue(catalog, {
          gameId: 'murder-mystery-2',
          itemId: item.id,
          value: 4321,
          changedBy: null,
          source: 'admin',
        })
      expect(await setTo4321()).toEqual({ changed: true })
      expect(await setTo4321()).toEqual({ changed: false }) // the same value again writes nothing

      const after = await get('/api/games/murder-mystery-2/items?search=icebreaker', {
        'if-none-match': etag,
      })
      expect(after.status).toBe(200)
      expect(itemListResponseSchema.parse(await after.json()).items[0]!.value).toBe(4321)

      const history = await (await get(`/api/games/murder-mystery-2/items/${item.id}/history`)).json()
      expect(history.points).toHaveLength(2)
      expect(history.points[1]).toMatchObject({ oldValue: item.value, newValue: 4321, source: 'admin' })
      const changes = changesResponseSchema.parse(
        await (await get('/api/games/murder-mystery-2/changes?limit=1')).json(),
      )
      expect(changes.changes[0]).toMatchObject({ itemId: item.id, itemName: item.name, newValue: 4321 })
      // The game's freshness follows: its values last changed now, not on the starter values' day.
      const games = gamesResponseSchema.parse(await (await get('/api/games')).json()).games
      const mm2 = games.find((g) => g.id === 'murder-mystery-2')!
      expect(Date.parse(mm2.lastValueChangeAt!)).toBeGreaterThan(Date.parse('2026-08-22T00:00:00Z'))
      expect(mm2.startingValues).toEqual({ basis: 'community trade values', asOf: '2026-08-22' })
    })
  })

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

  describe('bad input: a clear 400', () => {
    const cases = [
      '/api/games/blox-fruits/items?sort=price',
      '/api/games/blox-fruits/items?sort=',
      '/api/games/blox-fruits/items?page=0',
      '/api/games/blox-fruits/items?page=-1',
      '/api/games/blox-fruits/items?page=abc',
      '/api/games/blox-fruits/items?page=1.5',
      '/api/games/blox-fruits/items?pageSize=0',
      '/api/games/blox-fruits/items?pageSize=101',
      '/api/games/blox-fruits/items?pageSize=1000000000',
      '/api/games/blox-fruits/items?category=weapon',
      '/api/games/blox-fruits/items?rarity=Godly',
      `/api/games/blox-fruits/items?search=${'a'.repeat(101)}`,
      '/api/games/blox-fruits/items?ids=',
      '/api/games/blox-fruits/items?ids=Kitsune',
      `/api/games/blox-fruits/items?ids=${Array.from({ length: 25 }, (_, i) => `x${i}`).join(',')}`,
      '/api/games/blox-fruits/items?colour=red',
      '/api/games/blox-fruits/items?page=1&page=2',
      '/api/items',
      '/api/items?search=',
      '/api/items?search=dragon&limit=0',
      '/api/games/blox-fruits/items/kitsune/history?limit=5000',
      '/api/games/blox-fruits/changes?limit=x',
      '/api/games/blox-fruits/trade?give=kitsune*0',
      '/api/games/blox-fruits/trade?give=kitsune*-1',
      '/api/games/blox-fruits/trade?give=kitsune*1000000000',
      '/api/games/blox-fruits/trade?give=kitsune*NaN',
      '/api/games/blox-fruits/trade?give=kitsune*1.5',
      '/api/games/blox-fruits/trade?get=kitsune,,dough*',
      '/api/games/blox-fruits/trade?give=<script>',
      '/api/games/blox-fruits/trade?give=shadow-dragon',
      '/api/games/blox-fruits/trade?give=kitsune~neon',
      '/api/games/blox-fruits/trade?give=kitsune&band=7',
      `/api/games/blox-fruits/trade?give=${Array.from({ length: 13 }, () => 'dough').join(',')}`,
      `/api/games/blox-fruits/trade?give=${'a'.repeat(4001)}`,
      '/api/games/blox-fruits/trade?give=kitsune&side=get',
    ]
    for (const url of cases) {
      it(url.slice(0, 90), async () => {
        const res = await get(url)
        expect(res.status).toBe(400)
        const body = await res.json()
        expect(body.error.code).toMatch(/^(BAD_REQUEST|VALIDATION_FAILED)$/)
        expect(body.error.message.length).toBeGreaterThan(5)
      })
    }
  })
})
