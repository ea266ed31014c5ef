import { type APIRequestContext, expect } from '@playwright/test'

const SEED_SHOP_MS = 5 * 60_000

export interface SeedReport {
  windowStart: string
  windowEnd: string
  items: { item: string; quantity: number }[]
}

/**
 * Publishes the Seed Shop's stock with Beanstalk (1 in 210), as a stock manager signed in on `api`.
 * Other journeys publish Beanstalk on the same server: what the shop already has this window stays
 * in, and the quantity makes this report new (a report the same as the current one changes nothing).
 */
export async function publishBeanstalk(api: APIRequestContext, quantity: number): Promise<SeedReport> {
  // A report in the last seconds of a window would leave the shop before the page shows it.
  const end = Date.now() + SEED_SHOP_MS - (Date.now() % SEED_SHOP_MS)
  if (end - Date.now() < 20_000)
    await expect.poll(() => Date.now() > end, { timeout: 30_000, message: 'the next restock' }).toBe(true)
  const stock = (await (await api.get('/api/stock/grow-a-garden')).json()) as {
    shops: { id: string; windowStart: string; report: SeedReport | null }[]
  }
  const seeds = stock.shops.find((s) => s.id === 'seeds')!
  const current = seeds.report?.windowStart === seeds.windowStart ? seeds.report.items : []
  const items = [...current.filter((i) => i.item !== 'beanstalk'), { item: 'beanstalk', quantity }]
  const res = await api.post('/api/stock/grow-a-garden/reports', { data: { shop: 'seeds', items } })
  expect(res.status(), await res.text()).toBeLessThan(300)
  return ((await res.json()) as { report: SeedReport }).report
}
