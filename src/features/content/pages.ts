import { definePages } from '@/shared/page-info'

/** The pages of this feature: their titles and descriptions, read by the server's head and the router. */
export const PAGES = definePages([
  {
    path: '/verification',
    title: 'Trader verification',
    description: 'How trader verification works on TradeHub.',
    section: 'Account',
  },
  {
    path: '/verify',
    title: 'Trader verification',
    description: 'How trader verification works on TradeHub.',
  },
  {
    path: '/safe-sender-guide',
    title: 'Safe sender guide',
    description:
      'Make sure TradeHub e-mails reach your inbox: step-by-step instructions for Gmail, Outlook and Yahoo Mail.',
    section: 'Resources',
  },
  {
    path: '/trust-and-security',
    title: 'Trust & security',
    description:
      'Verified traders, reviews, blocking and reports handled by moderators, with live figures, and how to trade without getting scammed.',
    section: 'Resources',
  },
  {
    path: '/docs',
    title: 'Documentation',
    description: 'How TradeHub item values, the WFL calculator, stock trackers and the Discord bot work.',
    section: 'Resources',
  },
  {
    path: '/about',
    title: 'About TradeHub',
    description: 'Who builds TradeHub and why.',
    section: 'Company',
  },
  {
    path: '/contact',
    title: 'Contact',
    description: 'How to reach the TradeHub team.',
    section: 'Company',
  },
  {
    path: '/terms',
    title: 'Terms of service',
    description: 'The terms for using TradeHub.',
    section: 'Company',
  },
  {
    path: '/privacy',
    title: 'Privacy policy',
    description: 'What TradeHub stores about you, why, and how to have it removed.',
    section: 'Company',
  },
  {
    path: '/sites',
    title: 'Site map',
    description: 'Every page of TradeHub.',
    section: 'Resources',
  },
])
