import { definePages } from '@/shared/page-info'

/** The pages of this feature: their titles and descriptions, read by the server's head and the router. */
export const PAGES = definePages([
  {
    path: '/discord/connect',
    title: 'Connect Discord',
    description: 'Connect your Discord account to TradeHub to get your alerts as DMs from the TradeHub bot.',
    noindex: true,
  },
])
