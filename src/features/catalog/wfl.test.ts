import { describe, expect, it } from 'vitest'
import type { GameId } from '../../shared/games'
import {
  BLOX_FRUITS_BELI_LIMIT,
  DEFAULT_FAIR_BAND,
  describeRule,
  dropUnknownVariants,
  evaluateTrade,
  FAIR_BANDS,
  type FairBand,
  formatTradeParam,
  MAX_QUANTITY,
  MAX_SLOTS_PER_SIDE,
  parseTradeParam,
  readQuantity,
  type Trade,
  type TradeSlot,
  tradeStatus,
  tradeTitle,
  unitValue,
  type WflItem,
} from './wfl'

function item(id: string, value: number | null, extra: Partial<WflItem> = {}): WflItem {
  return {
    id,
    name: id.charAt(0).toUpperCase() + id.slice(1),
    value,
    variants: null,
    demand: 8,
    inGamePrice: null,
    ...extra,
  }
}

function catalog(...list: WflItem[]): Map<string, WflItem> {
  return new Map(list.map((i) => [i.id, i]))
}

const one = (itemId: string, quantity = 1, variant?: string): TradeSlot =>
  variant === undefined ? { itemId, quantity } : { itemId, quantity, variant }

describe('constants', () => {
  it('has the documented values', () => {
    expect(FAIR_BANDS).toEqual([2, 5, 10, 25])
    expect(DEFAULT_FAIR_BAND).toBe(10)
    expect(MAX_QUANTITY).toBe(999)
    expect(MAX_SLOTS_PER_SIDE).toBe(12)
    expect(BLOX_FRUITS_BELI_LIMIT).toBe(0.4)
  })
})

describe('unitValue', () => {
  const pet = item('frost-dragon', 100, { variants: { neon: 250, mega: null } })
  it('returns the item value without a variant', () => {
    expect(unitValue(pet)).toBe(100)
    expect(unitValue(item('x', null))).toBeNull()
  })
  it('returns the chosen variant value, or null for a valueless or unknown variant', () => {
    expect(unitValue(pet, { variant: 'neon' })).toBe(250)
    expect(unitValue(pet, { variant: 'mega' })).toBeNull()
    expect(unitValue(pet, { variant: 'fly' })).toBeNull()
    expect(unitValue(pet, { variant: 'constructor' })).toBeNull()
    expect(unitValue(item('plain', 5), { variant: 'neon' })).toBeNull()
  })
})

describe('evaluateTrade: verdict thresholds', () => {
  // give 100, get 100 + delta: the larger side is get, so percent = delta / (100 + delta) * 100.
  // To hit exactly p% with get as the larger side: give = 100 - p, get = 100.
  for (const band of FAIR_BANDS) {
    describe(`band ${band}%`, () => {
      const run = (giveValue: number, getValue: number) =>
        evaluateTrade(
          { give: [one('a')], get: [one('b')] },
          catalog(item('a', giveValue), item('b', getValue)),
          { band },
        )

      it('exactly +band is Fair', () => {
        const r = run(100 - band, 100)
        expect(r.percent).toBeCloseTo(band, 9)
        expect(r.verdict).toBe('fair')
      })
      it('just over +band is Win', () => {
        const r = run(100 - band - 0.01, 100)
        expect(r.percent).toBeGreaterThan(band)
        expect(r.verdict).toBe('win')
      })
      it('exactly -band is Fair', () => {
        const r = run(100, 100 - band)
        expect(r.percent).toBeCloseTo(-band, 9)
        expect(r.verdict).toBe('fair')
      })
      it('just under -band is Loss', () => {
        const r = run(100, 100 - band - 0.01)
        expect(r.percent).toBeLessThan(-band)
        expect(r.verdict).toBe('loss')
      })
      it('exact edge stays Fair with awkward decimals', () => {
        // 0.1 + 0.2 style values: give = 0.3 * (1 - band/100), get = 0.1 + 0.2
        const r = run(0.3 * (1 - band / 100), 0.1 + 0.2)
        expect(r.verdict).toBe('fair')
      })
    })
  }

  it('uses the chosen band, not a fixed one', () => {
    const items = catalog(item('a', 100), item('b', 80))
    const trade: Trade = { give: [one('a')], get: [one('b')] }
    expect(evaluateTrade(trade, items, { band: 10 }).verdict).toBe('loss')
    expect(evaluateTrade(trade, items, { band: 25 }).verdict).toBe('fair')
  })

  it('reports difference and percent of the larger side', () => {
    const r = evaluateTrade({ give: [one('a')], get: [one('b')] }, catalog(item('a', 50), item('b', 200)), {
      band: 10,
    })
    expect(r.give.total).toBe(50)
    expect(r.get.total).toBe(200)
    expect(r.difference).toBe(150)
    expect(r.percent).toBe(75)
    expect(r.verdict).toBe('win')
  })
})

describe('evaluateTrade: sides and slots', () => {
  const items = catalog(
    item('kitsune', 1000),
    item('dough', 300),
    item('dragon', 1500),
    item('mystery', null, { demand: 1 }),
    item('pet', 10, { variants: { physical: 10, permanent: 40, limited: null } }),
  )

  it('gives no verdict when a side is empty', () => {
    const r = evaluateTrade({ give: [], get: [one('kitsune')] }, items, { band: 10 })
    expect(r.verdict).toBeNull()
    expect(r.give).toEqual({ total: 0, valuedCount: 0, unvalued: [] })
    expect(r.percent).toBe(100)
    const both = evaluateTrade({ give: [], get: [] }, items, { band: 10 })
    expect(both.verdict).toBeNull()
    expect(both.percent).toBe(0)
    expect(both.difference).toBe(0)
    expect(both.confidence).toBe('low')
  })

  it('gives no verdict when a side has only unvalued items', () => {
    const r = evaluateTrade({ give: [one('mystery')], get: [one('kitsune')] }, items, { band: 10 })
    expect(r.verdict).toBeNull()
    expect(r.give.valuedCount).toBe(0)
    expect(r.give.unvalued).toEqual([one('mystery')])
  })

  it('multiplies by quantity', () => {
    const r = evaluateTrade({ give: [one('dough', 5)], get: [one('kitsune'), one('dragon', 2)] }, items, {
      band: 10,
    })
    expect(r.give.total).toBe(1500)
    expect(r.give.valuedCount).toBe(5)
    expect(r.get.total).toBe(4000)
    expect(r.get.valuedCount).toBe(3)
    expect(r.difference).toBe(2500)
    expect(r.verdict).toBe('win')
  })

  it('uses the chosen variant value', () => {
    const r = evaluateTrade({ give: [one('pet', 1, 'permanent')], get: [one('pet', 4, 'physical')] }, items, {
      band: 10,
    })
    expect(r.give.total).toBe(40)
    expect(r.get.total).toBe(40)
    expect(r.verdict).toBe('fair')
  })

  it('leaves unknown and valueless variants out as unvalued', () => {
    const r = evaluateTrade(
      { give: [one('pet', 1, 'limited'), one('pet', 2, 'golden'), one('dough')], get: [one('dough')] },
      items,
      { band: 10 },
    )
    expect(r.give.total).toBe(300)
    expect(r.give.valuedCount).toBe(1)
    expect(r.give.unvalued).toEqual([one('pet', 1, 'limited'), one('pet', 2, 'golden')])
    expect(r.verdict).toBe('fair')
  })

  it('leaves items without value out of the totals and lists them', () => {
    const r = evaluateTrade({ give: [one('kitsune'), one('mystery', 3)], get: [one('kitsune')] }, items, {
      band: 10,
    })
    expect(r.give.total).toBe(1000)
    expect(r.give.valuedCount).toBe(1)
    expect(r.give.unvalued).toEqual([one('mystery', 3)])
    expect(r.verdict).toBe('fair')
    // the unvalued item's low demand does not lower the confidence: it was not counted
    expect(r.confidence).toBe('high')
  })

  it('lists unknown item ids as unvalued', () => {
    const r = evaluateTrade({ give: [one('kitsune')], get: [one('no-such-item', 2), one('dragon')] }, items, {
      band: 10,
    })
    expect(r.get.unvalued).toEqual([one('no-such-item', 2)])
    expect(r.get.total).toBe(1500)
    expect(r.verdict).toBe('win')
  })

  it('handles values up to 1e24 with correct ratios', () => {
    const big = catalog(item('a', 1e24), item('b', 9.5e23), item('c', 5e23))
    const r = evaluateTrade({ give: [one('a')], get: [one('b')] }, big, { band: 10 })
    expect(r.percent).toBeCloseTo(-5, 9)
    expect(r.difference / -5e22).toBeCloseTo(1, 12)
    expect(r.verdict).toBe('fair')

    const many = evaluateTrade({ give: [one('a', MAX_QUANTITY)], get: [one('c', MAX_QUANTITY)] }, big, {
      band: 10,
    })
    expect(Number.isFinite(many.give.total)).toBe(true)
    expect(many.give.total / 9.99e26).toBeCloseTo(1, 12)
    expect(many.percent).toBeCloseTo(-50, 9)
    expect(many.verdict).toBe('loss')

    const edge = evaluateTrade(
      { give: [one('a')], get: [one('x')] },
      catalog(item('a', 1e24), item('x', 9e23)),
      {
        band: 10,
      },
    )
    expect(edge.verdict).toBe('fair')
  })

  it('throws a RangeError for invalid quantities', () => {
    for (const quantity of [0, -1, 1.5, 1000, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => evaluateTrade({ give: [one('kitsune', quantity)], get: [] }, items, { band: 10 })).toThrow(
        RangeError,
      )
      expect(() => evaluateTrade({ give: [], get: [one('kitsune', quantity)] }, items, { band: 10 })).toThrow(
        /quantity/,
      )
    }
    expect(() => evaluateTrade({ give: [one('no-such-item', 0)], get: [] }, items, { band: 10 })).toThrow(
      RangeError,
    )
    expect(() =>
      evaluateTrade({ give: [one('kitsune', MAX_QUANTITY)], get: [one('kitsune', 1)] }, items, { band: 10 }),
    ).not.toThrow()
  })
})

describe('evaluateTrade: confidence', () => {
  const items = catalog(
    item('hot', 100, { demand: 9 }),
    item('ok', 100, { demand: 5 }),
    item('meh', 100, { demand: 4 }),
    item('unknown', 100, { demand: null }),
    item('cold', 100, { demand: 2 }),
    item('dead', 100, { demand: 0 }),
    item('valueless', null, { demand: 0 }),
  )
  const run = (give: string[], get: string[]) =>
    evaluateTrade({ give: give.map((id) => one(id)), get: get.map((id) => one(id)) }, items, { band: 10 })

  it('is high when every counted item has demand above 4', () => {
    const r = run(['hot'], ['ok'])
    expect(r.confidence).toBe('high')
    expect(r.lowDemandItems).toEqual([])
  })
  it('is medium for demand 3..4 or unknown demand', () => {
    expect(run(['hot'], ['meh']).confidence).toBe('medium')
    const r = run(['unknown'], ['hot'])
    expect(r.confidence).toBe('medium')
    expect(r.lowDemandItems).toEqual(['Unknown'])
  })
  it('is low when any counted item has demand 2 or less', () => {
    const r = run(['hot', 'meh'], ['cold'])
    expect(r.confidence).toBe('low')
    expect(r.lowDemandItems).toEqual(['Meh', 'Cold'])
    expect(run(['dead'], ['hot']).confidence).toBe('low')
    // a later medium item does not raise a low confidence back up
    expect(run(['cold'], ['meh']).confidence).toBe('low')
  })
  it('deduplicates lowDemandItems names across both sides', () => {
    const r = run(['cold', 'meh', 'cold'], ['meh', 'hot'])
    expect(r.lowDemandItems).toEqual(['Cold', 'Meh'])
  })
  it('ignores items that were not counted and is low when nothing is counted', () => {
    const r = run(['valueless'], ['hot'])
    expect(r.confidence).toBe('high')
    expect(r.lowDemandItems).toEqual([])
    expect(run(['valueless'], ['valueless']).confidence).toBe('low')
  })
})

describe('evaluateTrade: Blox Fruits Beli check', () => {
  const items = catalog(
    item('kitsune', 1000, { inGamePrice: 1000 }),
    item('cheap', 1000, { inGamePrice: 600 }),
    item('cheaper', 1000, { inGamePrice: 599 }),
    item('free', 1000, { inGamePrice: null }),
  )
  const run = (give: TradeSlot[], get: TradeSlot[], game?: GameId) =>
    evaluateTrade({ give, get }, items, { band: 10, game })

  it('is exactly 40 % apart: allowed', () => {
    expect(run([one('kitsune')], [one('cheap')], 'blox-fruits').beliRefused).toBe(false)
    expect(run([one('cheap')], [one('kitsune')], 'blox-fruits').beliRefused).toBe(false)
  })
  it('is just over 40 % apart: refused, on either side', () => {
    expect(run([one('kitsune')], [one('cheaper')], 'blox-fruits').beliRefused).toBe(true)
    expect(run([one('cheaper')], [one('kitsune')], 'blox-fruits').beliRefused).toBe(true)
  })
  it('counts quantities and skips items without a price', () => {
    // 2 × 599 = 1198 vs 1000: 16.5 % apart
    expect(run([one('kitsune'), one('free', 5)], [one('cheaper', 2)], 'blox-fruits').beliRefused).toBe(false)
    // 5 × 1000 vs 599 + free
    expect(run([one('kitsune', 5)], [one('cheaper'), one('free')], 'blox-fruits').beliRefused).toBe(true)
  })
  it('is off when a side has no Beli price', () => {
    expect(run([one('kitsune')], [one('free')], 'blox-fruits').beliRefused).toBe(false)
    expect(run([], [one('kitsune')], 'blox-fruits').beliRefused).toBe(false)
  })
  it('is off for other games, or when no game is given', () => {
    expect(run([one('kitsune')], [one('cheaper')], 'grow-a-garden').beliRefused).toBe(false)
    expect(run([one('kitsune')], [one('cheaper')]).beliRefused).toBe(false)
  })
})

describe('parseTradeParam / formatTradeParam', () => {
  it('reads nothing from null or an empty string', () => {
    expect(parseTradeParam(null)).toEqual({ slots: [], dropped: [] })
    expect(parseTradeParam('')).toEqual({ slots: [], dropped: [] })
  })

  it('parses ids, variants and quantities', () => {
    expect(parseTradeParam('kitsune,dough*2,dragon~permanent,shadow-dragon~mega-neon-fly-ride*3')).toEqual({
      slots: [
        { itemId: 'kitsune', quantity: 1 },
        { itemId: 'dough', quantity: 2 },
        { itemId: 'dragon', quantity: 1, variant: 'permanent' },
        { itemId: 'shadow-dragon', quantity: 3, variant: 'mega-neon-fly-ride' },
      ],
      dropped: [],
    })
    expect(parseTradeParam('a*999').slots).toEqual([{ itemId: 'a', quantity: 999 }])
    expect(parseTradeParam('a*1').slots).toEqual([{ itemId: 'a', quantity: 1 }])
  })

  it('round-trips canonical strings', () => {
    for (const canonical of [
      'kitsune',
      'kitsune,dough*2,dragon~permanent,shadow-dragon~mega-neon-fly-ride*3',
      'a-1~b-2*999,z',
      `${'x'.repeat(120)}~${'y'.repeat(120)}*12`,
    ]) {
      const { slots, dropped } = parseTradeParam(canonical)
      expect(dropped).toEqual([])
      expect(formatTradeParam(slots)).toBe(canonical)
    }
    expect(formatTradeParam([])).toBe('')
    expect(
      formatTradeParam([
        { itemId: 'a', quantity: 1 },
        { itemId: 'b', quantity: 4, variant: 'neon' },
      ]),
    ).toBe('a,b~neon*4')
  })

  it('drops malformed parts and keeps the valid ones', () => {
    const { slots, dropped } = parseTradeParam(
      'kitsune,Dough,dragon*3~permanent,bad_id,a~,~b,a*,a**2,a~b~c,ok~neon*2',
    )
    expect(slots).toEqual([
      { itemId: 'kitsune', quantity: 1 },
      { itemId: 'ok', quantity: 2, variant: 'neon' },
    ])
    expect(dropped).toEqual(['Dough', 'dragon*3~permanent', 'bad_id', 'a~', '~b', 'a*', 'a**2', 'a~b~c'])
    expect(parseTradeParam(`${'x'.repeat(121)}`).dropped).toHaveLength(1)
  })

  it('drops quantities that are not whole numbers from 1 to 999', () => {
    const { slots, dropped } = parseTradeParam('a*0,b*1000,c*1.5,d*abc,e*-1,f*1e2,g*5')
    expect(slots).toEqual([{ itemId: 'g', quantity: 5 }])
    expect(dropped).toEqual(['a*0', 'b*1000', 'c*1.5', 'd*abc', 'e*-1', 'f*1e2'])
  })

  it('keeps at most 12 slots and drops the rest', () => {
    const ids = Array.from({ length: 15 }, (_, i) => `item-${i}`)
    const { slots, dropped } = parseTradeParam(ids.join(','))
    expect(slots).toHaveLength(MAX_SLOTS_PER_SIDE)
    expect(slots.map((s) => s.itemId)).toEqual(ids.slice(0, 12))
    expect(dropped).toEqual(['item-12', 'item-13', 'item-14'])
  })

  it('does not count malformed parts towards the 12 slots', () => {
    const ids = Array.from({ length: 12 }, (_, i) => `item-${i}`)
    const { slots, dropped } = parseTradeParam(['BAD', ...ids].join(','))
    expect(slots).toHaveLength(12)
    expect(dropped).toEqual(['BAD'])
  })
})

describe('describeRule', () => {
  it('states the band for every band', () => {
    for (const band of FAIR_BANDS) {
      const text = describeRule(band as FairBand)
      expect(text).toContain(`±${band}%`)
      expect(text).toMatch(/Fair/)
      expect(text).toMatch(/Win/)
      expect(text).toMatch(/Loss/)
    }
    expect(describeRule(10)).toBe(
      'Fair when the two sides are within ±10% of the larger side; more is a Win, less is a Loss.',
    )
  })
})

describe('tradeTitle', () => {
  const items = catalog(item('kitsune', 1000), item('dough', 300), item('dragon', 1000), item('ghost', null))
  const names = new Map([
    ['kitsune', 'Kitsune'],
    ['dough', 'Dough'],
    ['dragon', 'Dragon'],
  ])

  it('writes a Win title with counts and names', () => {
    const trade: Trade = { give: [one('dragon')], get: [one('kitsune'), one('dough')] }
    const r = evaluateTrade(trade, items, { band: 10 })
    expect(r.verdict).toBe('win')
    expect(tradeTitle(r, trade, names)).toBe('Win: 1 item for 2 — Dragon for Kitsune + Dough')
  })

  it('writes the brief examples', () => {
    const loss: Trade = { give: [one('kitsune'), one('dough')], get: [one('dragon')] }
    const r = evaluateTrade(loss, items, { band: 10 })
    expect(r.verdict).toBe('loss')
    expect(tradeTitle({ ...r, verdict: 'win' }, loss, names)).toBe(
      'Win: 2 items for 1 — Kitsune + Dough for Dragon',
    )
    expect(tradeTitle(r, loss, names)).toBe('Loss: 2 items for 1 — Kitsune + Dough for Dragon')

    const fair: Trade = { give: [one('kitsune')], get: [one('dragon')] }
    expect(tradeTitle(evaluateTrade(fair, items, { band: 10 }), fair, names)).toBe(
      'Fair: 1 item for 1 — Kitsune for Dragon',
    )
  })

  it('counts units and writes quantities with ×', () => {
    const trade: Trade = { give: [one('dough', 3)], get: [one('kitsune')] }
    const r = evaluateTrade(trade, items, { band: 10 })
    expect(tradeTitle(r, trade, names)).toBe('Fair: 3 items for 1 — Dough ×3 for Kitsune')
  })

  it('starts with Trade: when there is no verdict', () => {
    const trade: Trade = { give: [one('ghost', 2)], get: [one('kitsune')] }
    const r = evaluateTrade(trade, items, { band: 10 })
    expect(r.verdict).toBeNull()
    expect(tradeTitle(r, trade, names)).toBe('Trade: 2 items for 1 — ghost ×2 for Kitsune')
  })
})

describe('readQuantity', () => {
  it('reads whole numbers from 1 to the limit, and limits more to the limit, saying so', () => {
    expect(readQuantity('20')).toEqual({ quantity: 20, capped: false, corrected: false })
    expect(readQuantity(' 999 ')).toEqual({ quantity: 999, capped: false, corrected: false })
    expect(readQuantity('5000')).toEqual({ quantity: MAX_QUANTITY, capped: true, corrected: false })
    expect(readQuantity('99999')).toEqual({ quantity: MAX_QUANTITY, capped: true, corrected: false })
    expect(readQuantity('99999999999999')).toEqual({ quantity: MAX_QUANTITY, capped: true, corrected: false })
  })
  it('corrects 0, negative numbers and fractions to the quantity counted, never leaving them in the box', () => {
    expect(readQuantity('0')).toEqual({ quantity: 1, capped: false, corrected: true })
    expect(readQuantity('-1')).toEqual({ quantity: 1, capped: false, corrected: true })
    expect(readQuantity('-3')).toEqual({ quantity: 1, capped: false, corrected: true })
    expect(readQuantity('2.5')).toEqual({ quantity: 2, capped: false, corrected: true })
  })
  it('is null while nothing that is a number is typed', () => {
    for (const text of ['', ' ', '-', 'abc']) expect(readQuantity(text)).toBeNull()
  })
})

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

describe('dropUnknownVariants', () => {
  const items = catalog(
    item('west-dragon', 3_910_000_000, { variants: { physical: 3_910_000_000, permanent: 7_100_000_000 } }),
    item('dough', 30_000_000),
  )
  it('drops a variant the item does not have, keeping the slot at its headline value', () => {
    const { slots, dropped } = dropUnknownVariants(
      [one('west-dragon', 1, 'bogus'), one('west-dragon', 2, 'permanent'), one('dough', 1, 'neon')],
      items,
    )
    expect(slots).toEqual([one('west-dragon'), one('west-dragon', 2, 'permanent'), one('dough')])
    expect(dropped).toEqual([one('west-dragon', 1, 'bogus'), one('dough', 1, 'neon')])
    const result = evaluateTrade({ give: [one('dough')], get: slots.slice(0, 1) }, items, { band: 10 })
    expect(result.get.unvalued).toEqual([])
    expect(result.get.total).toBe(3_910_000_000)
  })
  it('leaves slots of unknown items and slots without a variant alone', () => {
    const slots = [one('ghost', 1, 'x'), one('dough', 3)]
    expect(dropUnknownVariants(slots, items)).toEqual({ slots, dropped: [] })
  })
})

describe('tradeStatus', () => {
  const items = catalog(item('rod', null), item('fish', null), item('a', 100), item('b', 100))
  const status = (trade: Trade) => tradeStatus(trade, evaluateTrade(trade, items, { band: 10 }))
  it('asks for items while a side is empty', () => {
    expect(status({ give: [], get: [one('a')] })).toBe('empty')
    expect(status({ give: [one('rod')], get: [] })).toBe('empty')
  })
  it('says the items have no value yet when both sides have items but one has no valued item', () => {
    expect(status({ give: [one('rod')], get: [one('fish')] })).toBe('unvalued')
    expect(status({ give: [one('a')], get: [one('fish')] })).toBe('unvalued')
  })
  it('gives the verdict otherwise', () => {
    expect(status({ give: [one('a')], get: [one('b'), one('fish')] })).toBe('fair')
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
