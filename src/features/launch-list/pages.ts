import { definePages } from '@/shared/page-info'

/** The pages of this feature: their titles and descriptions, read by the server's head and the router. */
export const PAGES = definePages([
  {
    path: '/unsubscribe',
    title: 'Unsubscribe',
    description: 'Stop receiving TradeHub launch e-mails.',
    noindex: true,
  },
  {
    path: '/verify-subscription',
    title: 'Verify your subscription',
    description: 'Confirm your e-mail address for early launch access.',
    noindex: true,
  },
])
