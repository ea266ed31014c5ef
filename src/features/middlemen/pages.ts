import { definePages } from '@/shared/page-info'

/** The pages of this feature: their titles and descriptions, read by the server's head and the router. */
export const PAGES = definePages([
  {
    path: '/middleman',
    title: 'Middleman requests',
    description: 'The open middleman requests, the jobs taken and the games worked, for official middlemen.',
    noindex: true,
  },
  {
    path: '/escrow-service',
    title: 'Escrow service',
    description:
      'The official TradeHub middlemen: how the service works, who they are, and a check of anyone who says they are one.',
    section: 'Resources',
  },
])
