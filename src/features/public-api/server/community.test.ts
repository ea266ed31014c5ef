import { describe, expect, it } from 'vitest'
import type { StockReport, StockResponse } from '@/features/stock/contract'
import { toCommunityStock } from './community'

const report = (over: Partial<StockReport>): StockReport => ({
  id: 1,
  shop: 'seeds',
  windowStart: '2026-06-01T12:00:00.000Z',
  windowEnd: '2026-06-01T12:05:00.000Z',
  observedAt: '2026-06-01T12:00:10.000Z',
  reportedAt: '2026-06-01T12:00:11.000Z',
  source: { kind: 'bot', name: 'bot' },
  corrected: false,
  weather: null,
  items: [{ item: 'carrot', quantity: 14 }],
  ...over,
})

const shop = (id: string, r: StockReport | null) => ({
  id,
  name: id,
  kind: 'clock' as const,
  periodSeconds: 300,
  offsetSeconds: 0,
  windowStart: null,
  nextRestockAt: null,
  report: r,
})

const stock = (shops: ReturnType<typeof shop>[], weather: StockReport[] = []): StockResponse => ({
  game: 'grow-a-garden',
  version: 'v',
  generatedAt: '2026-06-01T12:01:00.000Z',
  shops,
  weather,
  items: {
    carrot: {
      name: 'Carrot',
      category: 'Seeds',
      rarity: null,
      inGamePrice: null,
      robuxPrice: null,
      value: null,
      image: null,
    },
  },
})

describe('toCommunityStock', () => {
  it("lists each shop's current report in the community shape", () => {
    const answer = toCommunityStock(
      stock([shop('seeds', report({})), shop('gear', null)]),
      new Date('2026-06-01T12:01:00Z'),
    )
    expect(answer.seed_stock).toEqual([
      {
        item_id: 'carrot',
        display_name: 'Carrot',
        quantity: 14,
        start_date_unix: Date.parse('2026-06-01T12:00:00Z') / 1000,
        end_date_unix: Date.parse('2026-06-01T12:05:00Z') / 1000,
      },
    ])
    expect(answer.gear_stock).toEqual([])
    expect(answer.travelingmerchant_stock).toEqual([])
  })

  it('leaves out a report whose window has ended, and names an item missing from the catalog by its id', () => {
    const ended = toCommunityStock(stock([shop('seeds', report({}))]), new Date('2026-06-01T12:05:00Z'))
    expect(ended.seed_stock).toEqual([])
    const unknown = toCommunityStock(
      stock([shop('gear', report({ shop: 'gear', items: [{ item: 'new-sprinkler', quantity: 2 }] }))]),
      new Date('2026-06-01T12:01:00Z'),
    )
    expect(unknown.gear_stock[0]?.display_name).toBe('new-sprinkler')
  })

  it('lists weather not over yet, saying whether it has begun', () => {
    const rain = report({ shop: 'weather', weather: 'rain', windowStart: '2026-06-01T12:02:00.000Z' })
    const before = toCommunityStock(stock([], [rain]), new Date('2026-06-01T12:01:00Z'))
    expect(before.weather).toEqual([
      expect.objectContaining({ weather_id: 'rain', weather_name: 'Rain', active: false }),
    ])
    const during = toCommunityStock(stock([], [rain]), new Date('2026-06-01T12:03:00Z'))
    expect(during.weather[0]?.active).toBe(true)
  })
})
