import { definePages } from '@/shared/page-info'

/** The pages of this feature: their titles and descriptions, read by the server's head and the router. */
export const PAGES = definePages([
  {
    path: '/guides',
    title: 'Trading guides',
    description: 'Guides to trading safely and fairly in Roblox games.',
    section: 'Community',
  },
  {
    path: '/guides/:slug',
    title: 'Trading guide',
    description: 'A TradeHub guide to trading in Roblox games.',
    href: '/guides/trading-safely',
  },
  {
    path: '/admin/guides',
    title: 'Guides — Admin',
    description: 'Write and publish the guides.',
    noindex: true,
  },
  {
    path: '/admin/guides/:slug',
    title: 'Edit guide — Admin',
    description: 'Write and publish a guide.',
    noindex: true,
  },
])
