import { definePages } from '@/shared/page-info'

/** The pages of this feature: their titles and descriptions, read by the server's head and the router. */
export const PAGES = definePages([
  {
    path: '/docs/api',
    title: 'API reference',
    description:
      'The TradeHub public API v1 for bots and sites: paths, parameters, answers, limits and API keys.',
    section: 'Resources',
  },
])
