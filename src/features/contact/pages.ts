import { definePages } from '@/shared/page-info'

/** The pages of this feature: their titles and descriptions, read by the server's head and the router. */
export const PAGES = definePages([
  {
    path: '/admin/contact',
    title: 'Contact messages',
    description: 'Messages sent with the contact form, to answer and close.',
    noindex: true,
  },
])
