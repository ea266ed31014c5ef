/**
 * The trade calculator's verdict: the value of a slot, the Fair band and its edges, how the sides are
 * counted, the confidence from demand, the Blox Fruits Beli check, the rule's wording and the status.
 */
import { describe, expect, it } from 'vitest'
import type { GameId } from '@/shared/games'
import {
  BLOX_FRUITS_BELI_LIMIT,
  DEFAULT_FAIR_BAND,
  describeRule,
  evaluateTrade,
  FAIR_BANDS,
  type FairBand,
  MAX_QUANTITY,
  MAX_SLOTS_PER_SIDE,
  type Trade,
  type TradeSlot,
  tradeStatus,
  unitValue,
} from './wfl'
import { catalog, item, one } from './wfl-test-setup'

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
    expect(r.give).toEqual({ total: 0, exactTotal: '0', valuedCount: 0, unvalued: [] })
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
