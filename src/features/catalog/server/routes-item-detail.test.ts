/**
 * An item's page data: the item, its game, value history and similar items, no word of where values
 * came from, and a value change served at once and kept in the history.
 */
import { describe, expect, it } from 'vitest'
import {
  changesResponseSchema,
  gamesResponseSchema,
  itemDetailResponseSchema,
  itemListResponseSchema,
} from '@/features/catalog/contract'
import { notPublicWordsIn } from '@/test/not-public-words'
import { changeItemValue } from './changes'
import { get, setUpCatalogApp, t } from './routes-test-setup'

describe('catalog API', () => {
  setUpCatalogApp()

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
      // notes included, are checked where they are stored: import-presentation.test.ts).
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
})
