import { definePages } from '@/shared/page-info'

/** The pages of this feature: their titles and descriptions, read by the server's head and the router. */
export const PAGES = definePages([
  {
    path: '/admin',
    title: 'Admin',
    description: 'TradeHub administration.',
    section: 'Account',
    noindex: true,
  },
  {
    path: '/admin/admins',
    title: 'Admins',
    description: 'The admins of TradeHub: add one by e-mail, remove one.',
    noindex: true,
  },
  {
    path: '/admin/stock-managers',
    title: 'Stock managers',
    description: 'The stock managers of Grow a Garden and Blox Fruits.',
    noindex: true,
  },
  {
    path: '/admin/value-editors',
    title: 'Value editors',
    description:
      'The value editors of each game: they change values, items and images, and review suggestions.',
    noindex: true,
  },
  {
    path: '/admin/moderators',
    title: 'Moderators',
    description: 'The moderators of TradeHub: they work the reports. Add one by e-mail, remove one.',
    noindex: true,
  },
  {
    path: '/admin/guide-editors',
    title: 'Guide editors',
    description:
      'The guide editors of TradeHub: they write and publish the guides. Add one by e-mail, remove one.',
    noindex: true,
  },
  {
    path: '/admin/middlemen',
    title: 'Middlemen',
    description:
      'The official middlemen of TradeHub: they take middleman requests. Add one by e-mail, remove one.',
    noindex: true,
  },
  {
    path: '/admin/users',
    title: 'Users',
    description: 'Find a TradeHub user by e-mail, username or display name.',
    noindex: true,
  },
  {
    path: '/admin/users/:userId',
    title: 'User',
    description: 'One TradeHub user: roles, sign-in methods, suspension.',
    noindex: true,
  },
  {
    path: '/admin/launch-list',
    title: 'Launch list',
    description: 'The early-access list: sign-ups by status and a CSV export.',
    noindex: true,
  },
  {
    path: '/admin/mail',
    title: 'Mail queue',
    description: 'The outgoing mail of TradeHub by status, with failed mails to retry.',
    noindex: true,
  },
  {
    path: '/admin/audit',
    title: 'Audit log',
    description: 'Every admin and role action on TradeHub: who, what, when and from where.',
    noindex: true,
  },
])
