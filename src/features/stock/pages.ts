import { definePages } from '@/shared/page-info'

/** The pages of this feature: their titles and descriptions, read by the server's head and the router. */
export const PAGES = definePages([
  {
    path: '/grow-a-garden-stock',
    title: 'Grow a Garden stock',
    description:
      'Live Grow a Garden stock: what the seed, gear, egg, cosmetic and event shops and the traveling merchant sell now, restock countdowns and the weather.',
    section: 'Stock',
  },
  {
    path: '/blox-fruits-stock',
    title: 'Blox Fruits stock',
    description:
      'Live Blox Fruits stock: the fruits the Blox Fruit Dealer and the Mirage Dealer sell now, with prices, trade values and restock countdowns.',
    section: 'Stock',
  },
  {
    path: '/stock-management',
    title: 'Stock management',
    description: 'Update the live stock of Grow a Garden and Blox Fruits.',
    section: 'Account',
    noindex: true,
  },
])
