/**
 * Grow a Garden in the trade calculator: crops counted by variant, mutations and weight, pets by
 * mutation and age, written into share links and titles and read back.
 */
import { describe, expect, it } from 'vitest'
import { dropUnknownVariants, evaluateTrade, type TradeSlot, unitValue, type WflItem } from './wfl'
import { formatTradeParam, parseTradeParam, tradeTitle } from './wfl-links'
import { catalog, item, one } from './wfl-test-setup'

describe('Grow a Garden crops: modifiers in slots, totals and share links', () => {
  const gag = (id: string, value: number | null, category = 'seed') =>
    item(id, value, { gameId: 'grow-a-garden', category })
  const items = catalog(gag('carrot', null), gag('blueberry', null), gag('raccoon', 1_000_000, 'pet'))
  const goldCarrot: TradeSlot = {
    itemId: 'carrot',
    quantity: 2,
    modifiers: { variant: 'gold', mutations: ['shocked', 'wet'], kg: 0.55 },
  }

  it('counts a crop by its variant, mutations and weight', () => {
    expect(unitValue(items.get('carrot') as WflItem, goldCarrot)).toBe(161_600)
    expect(unitValue(items.get('carrot') as WflItem)).toBe(20)
    expect(unitValue(items.get('blueberry') as WflItem, { modifiers: { variant: 'gold' } })).toBeNull()
    const result = evaluateTrade({ give: [goldCarrot], get: [one('raccoon')] }, items, { band: 10 })
    expect(result.give.total).toBe(323_200)
    expect(result.get.total).toBe(1_000_000)
    expect(result.verdict).toBe('win')
  })

  it('writes modifiers compactly and reads them back identically', () => {
    const slots: TradeSlot[] = [
      goldCarrot,
      { itemId: 'blueberry', quantity: 1, modifiers: { mutations: ['celestial'] } },
      { itemId: 'carrot', quantity: 1, modifiers: { kg: 12.5 } },
      one('raccoon', 3),
    ]
    const text = formatTradeParam(slots)
    expect(text).toBe('carrot!gold.shocked.wet_0.55*2,blueberry!celestial,carrot_12.5,raccoon*3')
    expect(parseTradeParam(text)).toEqual({ slots, dropped: [] })
    expect(formatTradeParam(parseTradeParam(text).slots)).toBe(text)
  })

  it('reads modifiers as the game holds them, and refuses unknown ones and weights out of range', () => {
    expect(parseTradeParam('carrot!wet.chilled.rainbow').slots).toEqual([
      { itemId: 'carrot', quantity: 1, modifiers: { variant: 'rainbow', mutations: ['frozen'] } },
    ])
    expect(parseTradeParam('carrot!bogus,carrot_0,carrot_100000,carrot_1.234,carrot!').dropped).toEqual([
      'carrot!bogus',
      'carrot_0',
      'carrot_100000',
      'carrot_1.234',
      'carrot!',
    ])
  })

  it('still reads links written before modifiers existed', () => {
    expect(parseTradeParam('kitsune,dough*2,dragon~permanent*3')).toEqual({
      slots: [one('kitsune'), one('dough', 2), one('dragon', 3, 'permanent')],
      dropped: [],
    })
  })

  it('drops modifiers from items that take none, and a weight the crop cannot take', () => {
    const { slots, dropped } = dropUnknownVariants(
      [
        { itemId: 'raccoon', quantity: 1, modifiers: { variant: 'gold' } },
        { itemId: 'blueberry', quantity: 1, modifiers: { variant: 'gold', kg: 2 } },
        goldCarrot,
      ],
      items,
    )
    expect(slots).toEqual([
      one('raccoon'),
      { itemId: 'blueberry', quantity: 1, modifiers: { variant: 'gold' } },
      goldCarrot,
    ])
    expect(dropped.map((s) => s.itemId)).toEqual(['raccoon', 'blueberry'])
  })

  it('names the modifiers in a share title', () => {
    const result = evaluateTrade({ give: [goldCarrot], get: [one('raccoon')] }, items, { band: 10 })
    const names = new Map([
      ['carrot', 'Carrot'],
      ['raccoon', 'Raccoon'],
    ])
    expect(tradeTitle(result, { give: [goldCarrot], get: [one('raccoon')] }, names)).toBe(
      'Win: 2 items for 1 — Carrot (0.55 kg · Gold · Shocked · Wet) ×2 for Raccoon',
    )
  })
})

describe('Grow a Garden pets: mutation and age in slots, totals and share links', () => {
  const gag = (id: string, value: number | null, category = 'pet') =>
    item(id, value, { gameId: 'grow-a-garden', category })
  const items = catalog(gag('raccoon', 1_000_000), gag('dog', null), gag('carrot', null, 'seed'))
  const raccoon = items.get('raccoon') as WflItem

  it('counts a pet by its mutation and age; none is the plain value; no trade value stays unvalued', () => {
    expect(unitValue(raccoon)).toBe(1_000_000)
    expect(unitValue(raccoon, { modifiers: {} })).toBe(1_000_000)
    expect(unitValue(raccoon, { modifiers: { mutations: ['ascended'] } })).toBe(5_000_000)
    expect(unitValue(raccoon, { modifiers: { variant: 'rainbow', age: 100 } })).toBe(20_000_000)
    expect(unitValue(items.get('dog') as WflItem, { modifiers: { mutations: ['golden'] } })).toBeNull()
    const result = evaluateTrade(
      {
        give: [{ itemId: 'raccoon', quantity: 1, modifiers: { mutations: ['golden'] } }],
        get: [one('raccoon')],
      },
      items,
      { band: 10 },
    )
    expect(result.verdict).toBe('loss')
  })

  it('writes a pet mutation and age compactly and reads them back identically', () => {
    const slots: TradeSlot[] = [
      { itemId: 'raccoon', quantity: 2, modifiers: { mutations: ['golden'], age: 45 } },
      { itemId: 'raccoon', quantity: 1, modifiers: { variant: 'rainbow' } },
      { itemId: 'raccoon', quantity: 1, modifiers: { mutations: ['frozen'], age: 1 } },
      { itemId: 'raccoon', quantity: 1, modifiers: { age: 100 } },
    ]
    const text = formatTradeParam(slots)
    expect(text).toBe('raccoon!golden@45*2,raccoon!rainbow,raccoon!frozen@1,raccoon@100')
    expect(parseTradeParam(text)).toEqual({ slots, dropped: [] })
    expect(parseTradeParam('raccoon@0,raccoon@101,raccoon!golden.shiny,raccoon!golden_2').dropped).toEqual([
      'raccoon@0',
      'raccoon@101',
      'raccoon!golden.shiny',
      'raccoon!golden_2',
    ])
  })

  it('drops what a pet cannot hold, and an age from a crop', () => {
    const { slots, dropped } = dropUnknownVariants(
      [
        { itemId: 'raccoon', quantity: 1, modifiers: { mutations: ['celestial'], age: 10 } },
        { itemId: 'raccoon', quantity: 1, modifiers: { mutations: ['shiny'], age: 10 } },
        { itemId: 'carrot', quantity: 1, modifiers: { variant: 'gold', age: 3 } },
      ],
      items,
    )
    expect(slots).toEqual([
      { itemId: 'raccoon', quantity: 1, modifiers: { age: 10 } },
      { itemId: 'raccoon', quantity: 1, modifiers: { mutations: ['shiny'], age: 10 } },
      { itemId: 'carrot', quantity: 1, modifiers: { variant: 'gold' } },
    ])
    expect(dropped.map((s) => s.itemId)).toEqual(['raccoon', 'carrot'])
  })
})
