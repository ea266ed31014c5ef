import { definePages } from '@/shared/page-info'

/** The pages of this feature: their titles and descriptions, read by the server's head and the router. */
export const PAGES = definePages([
  {
    path: '/trading/matches',
    title: 'Trade matches',
    description:
      'Your have and want lists, and the open trade ads that offer what you want for what you have, with the win/fair/loss verdict for you.',
    section: 'Account',
    noindex: true,
  },
])
