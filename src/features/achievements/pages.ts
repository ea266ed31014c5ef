import { definePages } from '@/shared/page-info'

/** The pages of this feature: their titles and descriptions, read by the server's head and the router. */
export const PAGES = definePages([
  {
    path: '/achievements',
    title: 'Achievements',
    description:
      'Trader achievements on TradeHub: every badge, how it is earned and how many traders hold it.',
    section: 'Community',
  },
  {
    path: '/referral-program',
    title: 'Referral Program',
    description:
      'Invite your trading friends to TradeHub with a link of your own and earn the Recruiter badge.',
    section: 'Community',
  },
])
