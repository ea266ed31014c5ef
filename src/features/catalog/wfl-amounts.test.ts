/**
 * Typed amounts in the calculator: reading `700M`, `1.5k`, `2b`, `1,500`; a slot that counts as that many
 * value units; its place in share links (`$700M`) and titles.
 */
import { describe, expect, it } from 'vitest'
import { AMOUNT_UNITS, amountLabel, amountLinkText, formatAmount, readAmount } from './amounts'
import { AMOUNT_ITEM_ID, amountSlot, evaluateTrade, MAX_SLOTS_PER_SIDE, slotItemIds, type Trade } from './wfl'
import { formatTradeParam, parseTradeParam, tradeTitle } from './wfl-links'
import { catalog, item, one } from './wfl-test-setup'

const amountOf = (text: string, unit?: string) => {
  const read = readAmount(text, unit)
  return read.ok ? read.amount : read.problem
}

describe('readAmount', () => {
  it('reads suffixes in any case, decimals and grouped digits', () => {
    expect(amountOf('700M')).toBe(700_000_000)
    expect(amountOf('700m')).toBe(700_000_000)
    expect(amountOf('1.5k')).toBe(1_500)
    expect(amountOf('2b')).toBe(2_000_000_000)
    expect(amountOf('1,500')).toBe(1_500)
    expect(amountOf('1,234,567')).toBe(1_234_567)
    expect(amountOf(' 0.5 ')).toBe(0.5)
    expect(amountOf('.25')).toBe(0.25)
    expect(amountOf('2.5 Sx')).toBe(2.5e21)
    expect(amountOf('1Sp')).toBe(1e24)
  })
  it("reads the game's unit after the amount", () => {
    expect(amountOf('700M Beli', 'Beli')).toBe(700_000_000)
    expect(amountOf('700m beli', 'Beli')).toBe(700_000_000)
    expect(amountOf('3 value units', 'value units')).toBe(3)
  })
  it('refuses what is not an amount, saying how to write one', () => {
    for (const bad of ['', 'abc', 'dragon', '-5', '1e9', '1.2.3', '1,50', 'k', '5x', '700 M Beli'])
      expect(readAmount(bad).ok, bad).toBe(false)
    expect(amountOf('abc')).toBe('"abc" is not an amount. Write an amount as 700M, 1.5K, 2B or 1,500.')
    expect(amountOf('5x')).toBe('"x" is not a suffix. Write an amount as 700M, 1.5K, 2B or 1,500.')
  })
  it('refuses zero, too many digits or decimals, and too much', () => {
    expect(amountOf('0')).toBe('An amount is more than 0.')
    expect(amountOf('0.000')).toBe('An amount is more than 0.')
    expect(amountOf('1234567890123456')).toBe('An amount holds at most 15 significant digits.')
    expect(amountOf('0.0000001')).toBe('An amount has at most 6 decimals.')
    expect(amountOf('1000Dc')).toBe('That amount is too large.')
    expect(amountOf('999Dc')).toBe(999e33)
  })
})

describe('amount labels', () => {
  it("names every game's unit", () => {
    expect(AMOUNT_UNITS['blox-fruits']).toBe('Beli')
    expect(amountLabel('blox-fruits', 700_000_000)).toBe('700M Beli')
    expect(amountLabel('adopt-me', 2.5)).toBe('2.5 value units')
    expect(amountLabel('grow-a-garden', 1e24)).toBe('1Sp Sheckles')
  })
  it('writes the site notation when exact, else every digit', () => {
    expect(formatAmount(1_500)).toBe('1.5K')
    expect(formatAmount(1_234_567)).toBe('1,234,567')
    expect(amountLinkText(1_234_567)).toBe('1234567')
    expect(amountLinkText(700_000_000)).toBe('700M')
  })
})

describe('amount slots', () => {
  const items = catalog(item('kitsune', 640_000_000), item('dough', 30_000_000))
  it('count as that many value units on their side', () => {
    const trade: Trade = { give: [one('kitsune')], get: [amountSlot(700_000_000)] }
    const r = evaluateTrade(trade, items, { band: 10 })
    expect(r.get).toEqual({ total: 700_000_000, exactTotal: '700000000', valuedCount: 1, unvalued: [] })
    expect(r.exactDifference).toBe('60000000')
    expect(r.verdict).toBe('fair')
    expect(r.confidence).toBe('high')
    const win = evaluateTrade({ give: [one('dough')], get: [amountSlot(1.5e9), one('kitsune')] }, items, {
      band: 10,
    })
    expect(win.get.exactTotal).toBe('2140000000')
    expect(win.verdict).toBe('win')
  })
  it('name no item', () => {
    expect(amountSlot(5)).toEqual({ itemId: AMOUNT_ITEM_ID, quantity: 1, amount: 5 })
    expect(slotItemIds([one('kitsune'), amountSlot(5), one('kitsune', 2)])).toEqual(['kitsune'])
  })
  it('read in titles with their unit', () => {
    const trade: Trade = { give: [one('kitsune')], get: [amountSlot(700_000_000)] }
    const r = evaluateTrade(trade, items, { band: 10 })
    const names = new Map([['kitsune', 'Kitsune']])
    expect(tradeTitle(r, trade, names, 'blox-fruits')).toBe('Fair: 1 item for 1 — Kitsune for 700M Beli')
  })
})

describe('amounts in share links', () => {
  it('round-trip as $amount beside items', () => {
    const slots = [one('kitsune'), amountSlot(700_000_000), amountSlot(1_500), amountSlot(1_234_567.5)]
    const text = formatTradeParam(slots)
    expect(text).toBe('kitsune,$700M,$1.5K,$1234567.5')
    expect(parseTradeParam(text)).toEqual({ slots, dropped: [] })
    expect(formatTradeParam(parseTradeParam('$700m,$2b,$0.5').slots)).toBe('$700M,$2B,$0.5')
  })
  it('keep reading old links', () => {
    expect(parseTradeParam('kitsune,dough*2,west-dragon~permanent').slots).toEqual([
      one('kitsune'),
      one('dough', 2),
      one('west-dragon', 1, 'permanent'),
    ])
  })
  it('drop malformed amounts, keeping the rest', () => {
    const { slots, dropped } = parseTradeParam('$700M,$,$abc,$-5,$0,$700M*2,$1e9,$1000Dc,$1.5.2,$~x,kitsune')
    expect(slots).toEqual([amountSlot(700_000_000), one('kitsune')])
    expect(dropped).toEqual(['$', '$abc', '$-5', '$0', '$700M*2', '$1e9', '$1000Dc', '$1.5.2', '$~x'])
  })
  it('count towards the slots of a side', () => {
    const text = Array.from({ length: MAX_SLOTS_PER_SIDE + 1 }, (_, i) => `$${i + 1}`).join(',')
    const { slots, dropped } = parseTradeParam(text)
    expect(slots).toHaveLength(MAX_SLOTS_PER_SIDE)
    expect(dropped).toEqual([`$${MAX_SLOTS_PER_SIDE + 1}`])
  })
})
