import { definePages } from '@/shared/page-info'

/** The pages of this feature: their titles and descriptions, read by the server's head and the router. */
export const PAGES = definePages([
  {
    path: '/',
    title: 'TradeHub — Roblox item values, WFL trade calculator and stock',
    description:
      'Item values and a win/fair/loss trade calculator for Blox Fruits, Grow a Garden, Adopt Me and five more Roblox games. Join the early-access launch list.',
    section: 'Tools',
  },
])
