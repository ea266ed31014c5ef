import { describe, expect, it } from 'vitest'
import type { StockReport } from '@/features/stock/contract'
import {
  activeWeather,
  boardChangesAt,
  formatAgo,
  groupByShop,
  isStale,
  mergeReports,
  rarityClass,
  reportedText,
  shopState,
  summarizeItems,
  waitingText,
} from './view'

const at = (iso: string) => Date.parse(iso)

let nextId = 1
function report(over: Partial<StockReport> & { windowStart: string; windowEnd?: string }): StockReport {
  return {
    id: nextId++,
    shop: 'seeds',
    windowEnd: new Date(at(over.windowStart) + 300_000).toISOString(),
    observedAt: over.windowStart,
    reportedAt: over.windowStart,
    source: { kind: 'bot', name: 'gag-bot' },
    corrected: false,
    weather: null,
    items: [{ item: 'carrot', quantity: 12 }],
    ...over,
  }
}

const seeds = (r: StockReport | null) =>
  ({ kind: 'clock', periodSeconds: 300, offsetSeconds: 0, report: r }) as const

describe('boardChangesAt', () => {
  const r = report({ windowStart: '2026-01-01T10:00:00.000Z' })

  it('is the next restock while a shop is current, then the end of "Restocking…", then the next restock', () => {
    expect(boardChangesAt([seeds(r)], [], at('2026-01-01T10:03:00Z'))).toBe(at('2026-01-01T10:05:00Z'))
    expect(boardChangesAt([seeds(r)], [], at('2026-01-01T10:05:00Z'))).toBe(at('2026-01-01T10:07:00Z'))
    expect(boardChangesAt([seeds(r)], [], at('2026-01-01T10:07:00Z'))).toBe(at('2026-01-01T10:10:00Z'))
  })

  it('is the soonest of the shops and the weather, and never while nothing will change', () => {
    const rain = report({
      shop: 'weather',
      weather: 'rain',
      windowStart: '2026-01-01T10:00:00.000Z',
      windowEnd: '2026-01-01T10:01:30.000Z',
    })
    const merchant = { kind: 'visit', periodSeconds: 3600, offsetSeconds: 0, report: r } as const
    const now = at('2026-01-01T10:01:00Z')
    expect(boardChangesAt([seeds(r), merchant], [rain], now)).toBe(at('2026-01-01T10:01:30Z'))
    expect(boardChangesAt([seeds(r), merchant], [], now)).toBe(at('2026-01-01T10:05:00Z'))
    expect(boardChangesAt([{ ...merchant, report: null }], [rain], at('2026-01-01T10:02:00Z'))).toBe(
      Number.POSITIVE_INFINITY,
    )
  })
})

describe('shopState', () => {
  const r = report({ windowStart: '2026-01-01T10:00:00.000Z' })

  it('is current while the report is for the window holding now', () => {
    expect(shopState(seeds(r), at('2026-01-01T10:00:00Z'))).toEqual({
      kind: 'current',
      report: r,
      nextRestockAt: at('2026-01-01T10:05:00Z'),
    })
    expect(shopState(seeds(r), at('2026-01-01T10:04:59.999Z')).kind).toBe('current')
  })

  it('is restocking from the restock until the grace ends, then previous, never current', () => {
    const restock = at('2026-01-01T10:05:00Z')
    expect(shopState(seeds(r), restock)).toEqual({
      kind: 'restocking',
      report: r,
      windowStart: restock,
      nextRestockAt: at('2026-01-01T10:10:00Z'),
    })
    expect(shopState(seeds(r), restock + 119_999).kind).toBe('restocking')
    expect(shopState(seeds(r), restock + 120_000).kind).toBe('previous')
    // Windows later, the stock is still only the previous one.
    expect(shopState(seeds(r), at('2026-01-01T12:33:00Z'))).toMatchObject({
      kind: 'previous',
      windowStart: at('2026-01-01T12:30:00Z'),
    })
  })

  it('keeps the grace within half of a short window', () => {
    const minute = { kind: 'clock', periodSeconds: 60, offsetSeconds: 0, report: r } as const
    expect(shopState(minute, at('2026-01-01T10:06:29Z')).kind).toBe('restocking')
    expect(shopState(minute, at('2026-01-01T10:06:30Z')).kind).toBe('previous')
  })

  it('follows the shop clock offset', () => {
    const dealer = {
      kind: 'clock',
      periodSeconds: 4 * 3600,
      offsetSeconds: 3600,
      report: report({ shop: 'normal', windowStart: '2026-01-01T01:00:00.000Z' }),
    } as const
    expect(shopState(dealer, at('2026-01-01T04:59:00Z'))).toMatchObject({
      kind: 'current',
      nextRestockAt: at('2026-01-01T05:00:00Z'),
    })
    expect(shopState(dealer, at('2026-01-01T05:00:01Z')).kind).toBe('restocking')
  })

  it('counts down to the next restock when no report came yet', () => {
    expect(shopState(seeds(null), at('2026-01-01T10:03:00Z'))).toEqual({
      kind: 'empty',
      nextRestockAt: at('2026-01-01T10:05:00Z'),
    })
  })

  it('shows a visit until it ends', () => {
    const visit = report({
      shop: 'traveling-merchant',
      windowStart: '2026-01-01T10:00:00.000Z',
      windowEnd: '2026-01-01T10:30:00.000Z',
    })
    const merchant = { kind: 'visit', periodSeconds: 1800, offsetSeconds: 0, report: visit } as const
    expect(shopState(merchant, at('2026-01-01T10:29:59Z'))).toEqual({
      kind: 'visit',
      report: visit,
      leavesAt: at('2026-01-01T10:30:00Z'),
    })
    expect(shopState(merchant, at('2026-01-01T10:30:00Z'))).toEqual({ kind: 'away' })
    expect(shopState({ ...merchant, report: null }, at('2026-01-01T10:00:00Z'))).toEqual({ kind: 'away' })
  })
})

describe('isStale', () => {
  const r = report({ windowStart: '2026-01-01T10:00:00.000Z' })

  it('is false while the report is of the current window, true once the window has restocked since', () => {
    expect(isStale(shopState(seeds(r), at('2026-01-01T10:04:59Z')))).toBe(false)
    // Restocked a moment ago: the report is older than its window already.
    expect(isStale(shopState(seeds(r), at('2026-01-01T10:05:10Z')))).toBe(true)
    expect(isStale(shopState(seeds(r), at('2026-01-01T10:08:00Z')))).toBe(true)
    expect(isStale(shopState(seeds(null), at('2026-01-01T10:08:00Z')))).toBe(false)
  })
})

describe('texts', () => {
  it('says how long ago the restock was', () => {
    expect(waitingText(at('2026-01-01T10:05:00Z'), at('2026-01-01T10:05:42Z'))).toBe(
      'Restocked 0:42 ago — waiting for the new stock',
    )
  })

  it('says how long ago a report came and who made it', () => {
    const r = report({ windowStart: '2026-01-01T10:00:00.000Z', reportedAt: '2026-01-01T10:00:30.000Z' })
    expect(reportedText(r, at('2026-01-01T10:00:42Z'))).toBe('Bot · reported 12 s ago by gag-bot')
    expect(
      reportedText(
        { ...r, corrected: true, source: { kind: 'manager', name: 'sam' } },
        at('2026-01-01T10:04:30Z'),
      ),
    ).toBe('Stock manager · reported 4 min ago by sam · corrected')
    expect(
      reportedText({ ...r, source: { kind: 'feed', name: 'Game feed' } }, at('2026-01-01T10:01:10Z')),
    ).toBe('Game feed · reported 40 s ago')
    expect(formatAgo('2026-01-01T10:00:00Z', at('2026-01-01T13:00:00Z'))).toBe('3 h ago')
    expect(formatAgo('2026-01-01T10:00:00Z', at('2026-01-04T10:00:00Z'))).toBe('3 d ago')
    // A clock a little behind the server's never says "-2 s ago".
    expect(formatAgo('2026-01-01T10:00:02Z', at('2026-01-01T10:00:00Z'))).toBe('0 s ago')
  })

  it('lists the items with names and quantities', () => {
    const r = report({
      windowStart: '2026-01-01T10:00:00.000Z',
      items: [
        { item: 'carrot', quantity: 12 },
        { item: 'mystery', quantity: 1 },
      ],
    })
    const names = { carrot: { name: 'Carrot' } } as never
    expect(summarizeItems(r, names)).toBe('Carrot ×12, mystery ×1')
    expect(summarizeItems(r, names, { quantities: false })).toBe('Carrot, mystery')
    expect(summarizeItems({ ...r, items: [] }, names)).toBe('nothing in stock')
  })

  it('names an item or rarity called like a built-in property of every object by its own name', () => {
    const r = report({
      windowStart: '2026-01-01T10:00:00.000Z',
      items: [{ item: 'constructor', quantity: 2 }],
    })
    expect(summarizeItems(r, {})).toBe('constructor ×2')
    expect(rarityClass('Legendary')).toBe('text-amber-300')
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'prototype']) {
      expect(rarityClass(name), name).toBe('text-muted')
    }
  })
})

describe('activeWeather', () => {
  it('keeps weather that has not ended, the one ending first first', () => {
    const rain = report({
      shop: 'weather',
      weather: 'rain',
      windowStart: '2026-01-01T10:00:00.000Z',
      windowEnd: '2026-01-01T10:10:00.000Z',
    })
    const windy = report({
      shop: 'weather',
      weather: 'windy',
      windowStart: '2026-01-01T10:00:00.000Z',
      windowEnd: '2026-01-01T10:06:00.000Z',
    })
    expect(activeWeather([rain, windy], at('2026-01-01T10:05:00Z'))).toEqual([windy, rain])
    expect(activeWeather([rain, windy], at('2026-01-01T10:06:00Z'))).toEqual([rain])
    expect(activeWeather([rain, windy], at('2026-01-01T10:10:00Z'))).toEqual([])
  })
})

describe('history', () => {
  const a = report({ id: 10, windowStart: '2026-01-01T10:00:00.000Z' })
  const b = report({ id: 11, shop: 'gear', windowStart: '2026-01-01T10:00:00.000Z' })
  const c = report({ id: 12, windowStart: '2026-01-01T10:05:00.000Z' })

  it('adds the live reports to a history page, newest first, a correction replacing its window', () => {
    const correction = { ...c, id: 14, corrected: true }
    const fresh = report({ id: 15, windowStart: '2026-01-01T10:10:00.000Z' })
    expect(mergeReports([c, b, a], [fresh, b, null]).map((r) => r.id)).toEqual([15, 12, 11, 10])
    expect(mergeReports([c, b, a], [correction]).map((r) => r.id)).toEqual([14, 11, 10])
    // A history page read after the correction does not bring the corrected report back.
    expect(mergeReports([correction, b, a], [c]).map((r) => r.id)).toEqual([14, 11, 10])
  })

  it('groups by shop, newest first, leaving out the reports on show', () => {
    const groups = groupByShop([a, b, c], new Set([12]))
    expect(groups.get('seeds')?.map((r) => r.id)).toEqual([10])
    expect(groups.get('gear')?.map((r) => r.id)).toEqual([11])
    expect(
      groupByShop([a, c])
        .get('seeds')
        ?.map((r) => r.id),
    ).toEqual([12, 10])
    expect(groupByShop([]).size).toBe(0)
  })
})
