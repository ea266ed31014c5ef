import { MutationObserver, QueryClient } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { StockReport, StockResponse } from '@/features/stock/contract'
import { publishReportMutation } from './api'
import { stockHistoryQuery, stockQuery } from './queries'

const report = (id: number, quantity: number, corrected = false): StockReport => ({
  id,
  shop: 'seed-shop',
  windowStart: '2026-11-24T10:00:00.000Z',
  windowEnd: '2026-11-24T10:05:00.000Z',
  observedAt: '2026-11-24T10:01:00.000Z',
  reportedAt: '2026-11-24T10:01:00.000Z',
  source: { kind: 'manager', name: 'manager' },
  corrected,
  weather: null,
  items: [{ item: 'carrot', quantity }],
})

const stock = (shopReport: StockReport | null): StockResponse => ({
  game: 'grow-a-garden',
  version: `v${shopReport?.id ?? 0}`,
  generatedAt: '2026-11-24T10:01:00.000Z',
  shops: [
    {
      id: 'seed-shop',
      name: 'Seed Shop',
      kind: 'clock',
      periodSeconds: 300,
      offsetSeconds: 0,
      windowStart: '2026-11-24T10:00:00.000Z',
      nextRestockAt: '2026-11-24T10:05:00.000Z',
      report: shopReport,
    },
  ],
  weather: [],
  items: {},
})

let client: QueryClient
const publish = (created: boolean, answer: StockReport) => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json({ report: answer, created }, { status: created ? 201 : 200 })),
  )
  return new MutationObserver(client, publishReportMutation(client, 'grow-a-garden')).mutate({
    shop: 'seed-shop',
    items: [{ item: 'carrot', quantity: answer.items[0]?.quantity ?? 0 }],
  })
}

beforeEach(() => {
  client = new QueryClient()
  client.setQueryData(stockQuery('grow-a-garden').queryKey, stock(report(1, 147)))
  client.setQueryData(stockHistoryQuery('grow-a-garden').queryKey, {
    reports: [],
    items: {},
    nextBefore: null,
  })
})
afterEach(() => {
  client.clear()
  vi.unstubAllGlobals()
})

const state = (key: readonly unknown[]) => client.getQueryState(key)

describe('publishing a report', () => {
  it('shows the new report at once and leaves the stock to the stream: no refetch that could undo it', async () => {
    await publish(true, report(2, 148, true))
    const shown = client.getQueryData<StockResponse>(stockQuery('grow-a-garden').queryKey)
    expect(shown?.shops[0]?.report).toMatchObject({ id: 2, corrected: true, items: [{ quantity: 148 }] })
    expect(state(stockQuery('grow-a-garden').queryKey)?.isInvalidated).toBe(false)
    expect(state(stockHistoryQuery('grow-a-garden').queryKey)?.isInvalidated).toBe(true)
    expect(fetch).toHaveBeenCalledTimes(1) // the POST only
  })

  it('changes nothing when it was the current stock already', async () => {
    await publish(false, report(1, 147))
    expect(state(stockQuery('grow-a-garden').queryKey)?.isInvalidated).toBe(false)
    expect(state(stockHistoryQuery('grow-a-garden').queryKey)?.isInvalidated).toBe(false)
  })
})
