/**
 * Trades in share links and titles: reading and writing the link's slots, the title of a shared trade,
 * a quantity typed in a box, and variants an item does not have.
 */
import { describe, expect, it } from 'vitest'
import {
  dropUnknownVariants,
  evaluateTrade,
  MAX_QUANTITY,
  MAX_SLOTS_PER_SIDE,
  readQuantity,
  type Trade,
} from './wfl'
import { formatTradeParam, parseTradeParam, tradeTitle } from './wfl-links'
import { catalog, item, one } from './wfl-test-setup'

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
