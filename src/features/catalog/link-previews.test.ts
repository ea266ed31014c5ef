import { describe, expect, it } from 'vitest'
import { amountSlot, evaluateTrade } from '../catalog/wfl'
import {
  itemPreview,
  itemPreviewPath,
  previewVersion,
  tradePreview,
  tradePreviewPath,
  tradePreviewQuerySchema,
} from './link-previews'

const item = (id: string, value: number | null, extra: object = {}) => ({
  id,
  name: id.toUpperCase(),
  category: null,
  rarity: null,
  value,
  variants: null,
  demand: null,
  trend: null,
  inGamePrice: null,
  image: null,
  retired: false,
  ...extra,
})

describe('link previews', () => {
  it('an item preview writes the value as the site does, and its version follows what it shows', () => {
    const game = { name: 'Blox Fruits' }
    const preview = itemPreview(game, item('kitsune', 640_000_000, { demand: 10, trend: 'Stable' }))
    expect(preview).toMatchObject({ value: '640M', demand: 10, trend: 'Stable' })
    expect(previewVersion(preview)).toBe(previewVersion({ ...preview }))
    expect(previewVersion(itemPreview(game, item('kitsune', 650_000_000)))).not.toBe(previewVersion(preview))
    expect(itemPreviewPath('blox-fruits', 'kitsune', 'abc')).toBe('/og/items/blox-fruits/kitsune.png?v=abc')
  })

  it('a trade preview names a typed amount with its game’s unit, in its address as $700M', () => {
    const items = new Map([['kitsune', item('kitsune', 640_000_000)]])
    const trade = { give: [{ itemId: 'kitsune', quantity: 1 }], get: [amountSlot(700_000_000)] }
    const result = evaluateTrade(trade, items, { band: 10 })
    const preview = tradePreview(
      { id: 'blox-fruits', name: 'Blox Fruits', variantLabels: null },
      trade,
      items,
      result,
      10,
    )
    expect(preview.get.rows).toEqual([
      { name: '700M Beli', quantity: 1, variant: null, value: '700M', image: null, rarity: null },
    ])
    expect(preview.status).toBe('fair')
    expect(tradePreviewPath('blox-fruits', trade, 10, 'v1')).toContain('give=kitsune&get=%24700M&band=10')
    expect(tradePreviewQuerySchema.parse({ game: 'blox-fruits', give: 'kitsune', get: '$700M' }).get).toEqual(
      [amountSlot(700_000_000)],
    )
  })

  it('a trade preview lists up to four rows a side, the rest as "+N more", with the calculator verdict', () => {
    const items = new Map(['a', 'b', 'c', 'd', 'e', 'f'].map((id) => [id, item(id, 10)]))
    items.set('v', item('v', 5, { variants: { permanent: 100 } }))
    const trade = {
      give: ['a', 'b', 'c', 'd', 'e'].map((itemId) => ({ itemId, quantity: 1 })),
      get: [{ itemId: 'v', quantity: 2, variant: 'permanent' }],
    }
    const result = evaluateTrade(trade, items, { band: 10 })
    const game = { name: 'Blox Fruits', variantLabels: { permanent: 'Permanent fruit (bought with Robux)' } }
    const preview = tradePreview(game, trade, items, result, 10)
    expect(preview.give.rows.map((r) => r.name)).toEqual(['A', 'B', 'C'])
    expect(preview.give.more).toBe(2)
    expect(preview.give.total).toBe('50')
    expect(preview.get.rows).toEqual([
      { name: 'V', quantity: 2, variant: 'Permanent fruit', value: '200', image: null, rarity: null },
    ])
    expect(preview).toMatchObject({ status: 'win', difference: '+150', percent: '+75.0%' })
    expect(tradePreviewPath('blox-fruits', trade, 10, 'x')).toBe(
      '/og/trade.png?game=blox-fruits&give=a,b,c,d,e&get=v~permanent*2&band=10&v=x',
    )
    const pet = {
      give: [{ itemId: 'raccoon', quantity: 1, modifiers: { mutations: ['golden'], age: 45 } }],
      get: [],
    }
    expect(tradePreviewPath('grow-a-garden', pet, 10, 'x')).toBe(
      '/og/trade.png?game=grow-a-garden&give=raccoon!golden@45&band=10&v=x',
    )
    const empty = evaluateTrade({ give: trade.give, get: [] }, items, { band: 10 })
    expect(tradePreview(game, { give: trade.give, get: [] }, items, empty, 10)).toMatchObject({
      status: 'empty',
      difference: null,
    })
  })

  it('the image route reads the link it is given back', () => {
    const parsed = tradePreviewQuerySchema.parse({
      game: 'blox-fruits',
      give: 'a,b*2',
      get: 'v~permanent',
      band: '25',
    })
    expect(parsed).toMatchObject({
      game: 'blox-fruits',
      band: 25,
      give: [
        { itemId: 'a', quantity: 1 },
        { itemId: 'b', quantity: 2 },
      ],
    })
    expect(tradePreviewQuerySchema.safeParse({ game: 'blox-fruits' }).success).toBe(false)
    expect(tradePreviewQuerySchema.safeParse({ game: 'blox-fruits', give: 'a', extra: '1' }).success).toBe(
      false,
    )
  })
})
