import { definePages } from '@/shared/page-info'

/** The pages of this feature: their titles and descriptions, read by the server's head and the router. */
export const PAGES = definePages([
  {
    path: '/notifications',
    title: 'Notifications',
    description: 'Your notifications, newest first: restocks, value changes and your trades.',
    section: 'Account',
    noindex: true,
  },
])
