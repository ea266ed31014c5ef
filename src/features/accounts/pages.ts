import { definePages } from '@/shared/page-info'

/** The pages of this feature: their titles and descriptions, read by the server's head and the router. */
export const PAGES = definePages([
  {
    path: '/sign-in',
    title: 'Sign in',
    description: 'Sign in to TradeHub to keep favorites and a trader profile.',
    section: 'Account',
    noindex: true,
  },
  {
    path: '/profile',
    title: 'Your profile',
    description: 'Your TradeHub profile, settings and connected accounts.',
    section: 'Account',
    noindex: true,
  },
  {
    path: '/u/:username',
    title: 'Trader profile',
    description: 'A TradeHub trader: profile, links and favorite items.',
  },
])
