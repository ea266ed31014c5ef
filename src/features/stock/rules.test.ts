import { describe, expect, it } from 'vitest'
import {
  describeOdds,
  formatCountdown,
  formatDuration,
  oddsFromNotes,
  STOCK_SHOPS,
  shopDefinition,
  shopHasQuantities,
  windowAt,
} from './rules'

const at = (iso: string) => Date.parse(iso)
const clock = (periodSeconds: number, offsetSeconds = 0) => ({ periodSeconds, offsetSeconds })

describe('windowAt', () => {
  it('finds the 5-minute window of a moment inside it', () => {
    expect(windowAt(clock(300), at('2026-01-01T10:02:30Z'))).toEqual({
      start: at('2026-01-01T10:00:00Z'),
      end: at('2026-01-01T10:05:00Z'),
    })
  })

  it('starts a new window exactly on a boundary, and keeps the old one a millisecond before', () => {
    expect(windowAt(clock(300), at('2026-01-01T10:05:00Z')).start).toBe(at('2026-01-01T10:05:00Z'))
    expect(windowAt(clock(300), at('2026-01-01T10:05:00Z') - 1).start).toBe(at('2026-01-01T10:00:00Z'))
    expect(windowAt(clock(300), at('2026-01-01T10:05:00Z') - 1).end).toBe(at('2026-01-01T10:05:00Z'))
  })

  it('aligns the 4-hour cosmetic shop and dealer to midnight UTC', () => {
    expect(windowAt(clock(4 * 3600), at('2026-03-10T03:59:59Z'))).toEqual({
      start: at('2026-03-10T00:00:00Z'),
      end: at('2026-03-10T04:00:00Z'),
    })
    expect(windowAt(clock(4 * 3600), at('2026-03-10T04:00:00Z')).start).toBe(at('2026-03-10T04:00:00Z'))
    expect(windowAt(clock(4 * 3600), at('2026-03-10T23:30:00Z')).end).toBe(at('2026-03-11T00:00:00Z'))
  })

  it('gives the 2-hour mirage dealer windows on even hours', () => {
    const mirage = shopDefinition('blox-fruits', 'mirage')
    expect(mirage?.periodSeconds).toBe(7200)
    expect(windowAt(mirage!, at('2026-05-05T13:15:00Z'))).toEqual({
      start: at('2026-05-05T12:00:00Z'),
      end: at('2026-05-05T14:00:00Z'),
    })
  })

  it('moves the boundaries by a non-zero offset', () => {
    // A 4 h dealer anchored at 01:00 UTC: 01:00, 05:00, 09:00…
    const dealer = clock(4 * 3600, 3600)
    expect(windowAt(dealer, at('2026-05-05T00:30:00Z'))).toEqual({
      start: at('2026-05-04T21:00:00Z'),
      end: at('2026-05-05T01:00:00Z'),
    })
    expect(windowAt(dealer, at('2026-05-05T01:00:00Z')).start).toBe(at('2026-05-05T01:00:00Z'))
    expect(windowAt(dealer, at('2026-05-05T04:59:59Z')).end).toBe(at('2026-05-05T05:00:00Z'))
  })

  it('treats an offset of a whole period or more like its remainder', () => {
    expect(windowAt(clock(3600, 3600 + 600), at('2026-05-05T10:20:00Z'))).toEqual(
      windowAt(clock(3600, 600), at('2026-05-05T10:20:00Z')),
    )
  })

  it('has a clock for every shop of both games, and the traveling merchant is a visit', () => {
    expect(STOCK_SHOPS['grow-a-garden'].map((s) => s.id)).toEqual([
      'seeds',
      'gear',
      'eggs',
      'cosmetics',
      'event',
      'traveling-merchant',
    ])
    expect(shopDefinition('grow-a-garden', 'traveling-merchant')?.kind).toBe('visit')
    expect(shopDefinition('blox-fruits', 'normal')?.periodSeconds).toBe(4 * 3600)
    expect(shopDefinition('blox-fruits', 'seeds')).toBeUndefined()
  })

  it("Grow a Garden's shops sell in quantities; Blox Fruits' dealers have none (a fruit is on sale or not)", () => {
    for (const shop of STOCK_SHOPS['grow-a-garden'])
      expect(shopHasQuantities('grow-a-garden', shop.id)).toBe(true)
    expect(shopHasQuantities('blox-fruits', 'normal')).toBe(false)
    expect(shopHasQuantities('blox-fruits', 'mirage')).toBe(false)
    // Weather and unknown shops have no items to count.
    expect(shopHasQuantities('grow-a-garden', 'weather')).toBe(false)
  })
})

describe('formatCountdown', () => {
  it('formats minutes and hours', () => {
    expect(formatCountdown(245_000)).toBe('4:05')
    expect(formatCountdown(42_000)).toBe('0:42')
    expect(formatCountdown(3_723_000)).toBe('1:02:03')
    expect(formatCountdown(4 * 3_600_000)).toBe('4:00:00')
  })
  it('rounds a part second up and never goes below zero', () => {
    expect(formatCountdown(1)).toBe('0:01')
    expect(formatCountdown(0)).toBe('0:00')
    expect(formatCountdown(-5)).toBe('0:00')
  })
})

describe('formatDuration', () => {
  it('says minutes, hours and days', () => {
    expect(formatDuration(10)).toBe('1 min')
    expect(formatDuration(45 * 60)).toBe('45 min')
    expect(formatDuration(3600)).toBe('1 h')
    expect(formatDuration(210 * 300)).toBe('17 h 30 min')
    expect(formatDuration(48 * 3600)).toBe('2 d')
    expect(formatDuration(51 * 3600)).toBe('2 d 3 h')
  })
})

describe('oddsFromNotes', () => {
  it('reads the chance and the quantity range of the catalog notes', () => {
    expect(oddsFromNotes('Seed Shop (Sam); restock chance 1 in 210, stock 1-1')).toEqual({
      chance: 210,
      minQuantity: 1,
      maxQuantity: 1,
    })
    expect(oddsFromNotes('restock chance 1 in 1,000')).toEqual({
      chance: 1000,
      minQuantity: null,
      maxQuantity: null,
    })
  })
  it('gives null when the notes carry no odds', () => {
    expect(oddsFromNotes('trend: Stable')).toBeNull()
    expect(oddsFromNotes(null)).toBeNull()
    expect(oddsFromNotes(undefined)).toBeNull()
  })
})

describe('describeOdds', () => {
  it('says how often an item is in stock', () => {
    expect(describeOdds({ chance: 210, minQuantity: 1, maxQuantity: 1 }, 300)).toBe(
      'in about 1 of 210 restocks — on average every 17 h 30 min',
    )
    expect(describeOdds({ chance: 1200, minQuantity: null, maxQuantity: null }, 300)).toBe(
      'in about 1 of 1,200 restocks — on average every 4 d 4 h',
    )
  })
  it('says every restock for a certain item', () => {
    expect(describeOdds({ chance: 1, minQuantity: 5, maxQuantity: 25 }, 300)).toBe('in every restock')
  })
})
