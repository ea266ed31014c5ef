/**
 * Where each game's values come from: every source that changed one of its values (the catalog's
 * starting values, the value team, the official price import, suggestions) and when it last did, latest
 * first, on the site's games and on the public API's.
 */
import { describe, expect, it } from 'vitest'
import { gamesResponseSchema, itemListResponseSchema } from '@/features/catalog/contract'
import { applyItemChanges } from './changes'
import { get, setUpCatalogApp, t } from './routes-test-setup'

const gamesAt = async (url: string) => gamesResponseSchema.parse(await (await get(url)).json()).games

describe('value sources of a game', () => {
  setUpCatalogApp()

  it('lists the starting values until an edit, then the value team first; a change of other fields only is left out', async () => {
    const before = await gamesAt('/api/games')
    const mm2 = before.find((g) => g.id === 'murder-mystery-2')!
    expect(mm2.valueSources).toEqual([{ source: 'catalog', lastAt: '2026-08-22T00:00:00.000Z' }])
    expect(mm2.valueSources[0]!.lastAt).toBe(mm2.lastValueChangeAt)
    // A game without a value has no source.
    expect(before.find((g) => g.id === 'fisch')!.valueSources).toEqual([])

    const list = itemListResponseSchema.parse(
      await (await get('/api/games/murder-mystery-2/items?pageSize=2')).json(),
    )
    const [first, second] = list.items
    const catalog = { db: t.database.db, cache: t.cache }
    await applyItemChanges(
      catalog,
      'murder-mystery-2',
      [{ itemId: first!.id, patch: { value: first!.value! + 1 } }],
      { by: null, source: 'editor', reason: 'Trades went up' },
    )
    // The import's record of a change that touched no value (notes only) says nothing of values.
    await applyItemChanges(
      catalog,
      'murder-mystery-2',
      [{ itemId: second!.id, patch: { notes: 'Seen in trades' } }],
      { by: null, source: 'official-rap', reason: 'Official price import' },
    )

    for (const url of ['/api/games', '/api/v1/games']) {
      const game = (await gamesAt(url)).find((g) => g.id === 'murder-mystery-2')!
      expect(
        game.valueSources.map((s) => s.source),
        url,
      ).toEqual(['editor', 'catalog'])
      const [editor, starting] = game.valueSources
      expect(Date.parse(editor!.lastAt)).toBeGreaterThan(Date.parse('2026-08-22T00:00:00Z'))
      expect(editor!.lastAt).toBe(game.lastValueChangeAt)
      expect(starting!.lastAt).toBe('2026-08-22T00:00:00.000Z')
    }
    // The other games are untouched.
    const blox = (await gamesAt('/api/games')).find((g) => g.id === 'blox-fruits')!
    expect(blox.valueSources).toEqual([{ source: 'catalog', lastAt: '2026-08-17T00:00:00.000Z' }])
  })
})
