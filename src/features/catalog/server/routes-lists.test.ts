/**
 * The games and their item lists: counts and freshness, sorting and paging, search (typos and accents
 * forgiven), filters, exact ids, and search across every game by current and former names.
 */
import { describe, expect, it } from 'vitest'
import {
  gamesResponseSchema,
  itemDetailResponseSchema,
  itemListResponseSchema,
  searchResponseSchema,
} from '@/features/catalog/contract'
import { get, setUpCatalogApp } from './routes-test-setup'

describe('catalog API', () => {
  setUpCatalogApp()

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

    it("knows the renames kept in the search rules (Soul is Spirit, Door Portal) and Adopt Me's potions", async () => {
      for (const [former, id] of [
        ['soul', 'spirit'],
        ['door', 'portal'],
      ]) {
        const inGame = itemListResponseSchema.parse(
          await (await get(`/api/games/blox-fruits/items?search=${former}`)).json(),
        )
        expect(inGame.items[0]?.id).toBe(id)
      }
      const list = async (q: string) =>
        itemListResponseSchema.parse(
          await (await get(`/api/games/adopt-me/items?search=${encodeURIComponent(q)}`)).json(),
        )
      expect((await list('nfr frost')).items[0]?.id).toBe('frost-dragon')
      expect((await list('mfr shadow')).items[0]?.id).toBe('shadow-dragon')
      expect((await list('frost fr')).items[0]?.id).toBe('frost-dragon')
      // The variant words alone: every pet with that variant.
      const neon = await list('neon')
      expect(neon.total).toBe(90)
      const everywhere = searchResponseSchema.parse(await (await get('/api/items?search=nfr%20frost')).json())
      expect(everywhere.items[0]).toMatchObject({ gameId: 'adopt-me', id: 'frost-dragon' })
    })
  })
})
