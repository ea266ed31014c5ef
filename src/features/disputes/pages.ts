import { definePages } from '@/shared/page-info'

/** The pages of this feature: their titles and descriptions, read by the server's head and the router. */
export const PAGES = definePages([
  {
    path: '/admin/disputes',
    title: 'Disputes',
    description: 'Disputes between traders.',
    noindex: true,
  },
  {
    path: '/dispute-center',
    title: 'Dispute center',
    description: 'What to do when a trade goes wrong.',
    section: 'Resources',
  },
  {
    path: '/dispute-center/new',
    title: 'Open a dispute',
    description: 'Open a dispute on a trade.',
    noindex: true,
  },
  {
    path: '/dispute-center/:id',
    title: 'Dispute',
    description: 'A dispute between two traders.',
    noindex: true,
  },
])
