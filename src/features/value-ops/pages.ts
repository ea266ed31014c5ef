import { definePages } from '@/shared/page-info'

/** The pages of this feature: their titles and descriptions, read by the server's head and the router. */
export const PAGES = definePages([
  {
    path: '/values/suggestions',
    title: 'Value suggestions',
    description:
      "Values traders suggest for Roblox items, with the community's votes and the value team's decisions.",
    section: 'Tools',
  },
  {
    path: '/values/changes',
    title: 'Value changes',
    description:
      'Every value change on TradeHub, newest first: the item, old and new value, why, and who changed it — by the value team, the official price import or a community suggestion.',
    section: 'Tools',
  },
  {
    path: '/admin/values',
    title: 'Value tools',
    description: "A game's items in one table to edit values, and bulk updates from CSV with a dry run.",
    noindex: true,
  },
  {
    path: '/admin/imports',
    title: 'Imports',
    description:
      'The official price imports of Pet Simulator 99 and PETS GO!: last run, result and Import now.',
    noindex: true,
  },
])
