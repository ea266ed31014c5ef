import { describe, expect, it } from 'vitest'
import type { StockReport } from '@/features/stock/contract'
import { STOCK_SHOPS } from '@/features/stock/rules'
import { clockChange, pickGameAndShop, quantityError, rowsFromReport, toReportItems } from './manage'

describe('quantityError', () => {
  it('accepts whole numbers from 1 to 999', () => {
    for (const q of ['1', '12', '999', ' 5 ']) expect(quantityError(q)).toBeNull()
  })
  it('refuses anything else with the server rule', () => {
    for (const q of ['', '0', '1000', '2.5', '-1', 'abc', ' '])
      expect(quantityError(q)).toBe('quantity must be a whole number from 1 to 999')
  })
})

describe('editor rows', () => {
  const report = {
    items: [
      { item: 'carrot', quantity: 12 },
      { item: 'new-seed', quantity: 2 },
    ],
  } as StockReport
  it('load a report for a correction, and give the report body back', () => {
    const rows = rowsFromReport(report, { carrot: { name: 'Carrot' } } as never)
    expect(rows).toEqual([
      { item: 'carrot', name: 'Carrot', quantity: '12' },
      { item: 'new-seed', name: 'new-seed', quantity: '2' },
    ])
    expect(toReportItems(rows, true)).toEqual(report.items)
  })
  it('a shop without quantities (a Blox Fruits dealer): no quantity is asked, loaded or sent', () => {
    const dealer = { items: [{ item: 'dough', quantity: null }] } as StockReport
    const rows = rowsFromReport(dealer, { dough: { name: 'Dough' } } as never)
    expect(rows).toEqual([{ item: 'dough', name: 'Dough', quantity: '' }])
    expect(toReportItems(rows, false)).toEqual([{ item: 'dough' }])
    // A quantity left in a row (from a shop that has them) is not sent either.
    expect(toReportItems([{ item: 'dough', name: 'Dough', quantity: '1' }], false)).toEqual([
      { item: 'dough' },
    ])
  })
})

describe('pickGameAndShop', () => {
  const shopsOf = (game: 'grow-a-garden' | 'blox-fruits') => STOCK_SHOPS[game]
  const params = (q: string) => new URLSearchParams(q)
  it('takes the game and shop of the address when the user manages them', () => {
    expect(
      pickGameAndShop(['grow-a-garden', 'blox-fruits'], shopsOf, params('game=blox-fruits&shop=mirage')),
    ).toEqual({
      game: 'blox-fruits',
      shop: 'mirage',
    })
  })
  it('falls back to the first game and shop', () => {
    expect(pickGameAndShop(['grow-a-garden'], shopsOf, params('game=blox-fruits&shop=mirage'))).toEqual({
      game: 'grow-a-garden',
      shop: 'seeds',
    })
    expect(pickGameAndShop(['blox-fruits'], shopsOf, params('shop=eggs'))).toEqual({
      game: 'blox-fruits',
      shop: 'normal',
    })
    expect(pickGameAndShop([], shopsOf, params(''))).toEqual({ game: null, shop: null })
  })
})

describe('clockChange', () => {
  const saved = {
    id: 'normal',
    name: 'Blox Fruit Dealer',
    kind: 'clock',
    periodSeconds: 14_400,
    offsetSeconds: 0,
    enabled: true,
  } as const
  const draft = { name: 'Blox Fruit Dealer', periodSeconds: '14400', offsetSeconds: '0', enabled: true }
  it('sends only what changed, and nothing when nothing did', () => {
    expect(clockChange(saved, draft)).toEqual({ ok: true, change: null })
    expect(clockChange(saved, { ...draft, offsetSeconds: '3600' })).toEqual({
      ok: true,
      change: { offsetSeconds: 3600 },
    })
    expect(clockChange(saved, { ...draft, name: ' Dealer ', enabled: false })).toEqual({
      ok: true,
      change: { name: 'Dealer', enabled: false },
    })
  })
  it('refuses what the server would', () => {
    expect(clockChange(saved, { ...draft, name: ' ' })).toMatchObject({ ok: false })
    expect(clockChange(saved, { ...draft, periodSeconds: '59' })).toMatchObject({ ok: false })
    expect(clockChange(saved, { ...draft, periodSeconds: '' })).toMatchObject({ ok: false })
    expect(clockChange(saved, { ...draft, periodSeconds: '90.5' })).toMatchObject({ ok: false })
    expect(clockChange(saved, { ...draft, offsetSeconds: '-1' })).toMatchObject({ ok: false })
    expect(clockChange(saved, { ...draft, offsetSeconds: '604801' })).toMatchObject({ ok: false })
  })
})
