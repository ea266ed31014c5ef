import { definePages } from '@/shared/page-info'

/** The pages of this feature: their titles and descriptions, read by the server's head and the router. */
export const PAGES = definePages([
  {
    path: '/admin/reports',
    title: 'Reports',
    description: 'Reported ads, messages, reviews, suggestions and users, to dismiss, hide, warn or suspend.',
    noindex: true,
  },
])
