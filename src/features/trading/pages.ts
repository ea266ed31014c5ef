import { GAME_NAMES, type GameId } from '@/shared/games'
import { definePages } from '@/shared/page-info'

/** The pages of this feature: their titles and descriptions, read by the server's head and the router. */
export const PAGES = definePages([
  {
    path: '/trading',
    title: 'Trade ads',
    description:
      'Open trade ads for eight Roblox games: what traders have and want, with item values and a win/fair/loss verdict. Make an offer or post your own.',
    section: 'Community',
  },
  {
    path: '/trading/new',
    title: 'Post a trade ad',
    description: 'Post a trade ad: the items you offer, what you want for them, and for how long.',
    noindex: true,
  },
  {
    path: '/trading/ad/:id',
    title: 'Trade ad',
    description: 'A trade ad: what the trader has and wants, with values, verdict and offers.',
  },
  {
    path: '/trading/mine',
    title: 'My trades',
    description: 'Your trade ads, the offers you sent and the offers you received.',
    section: 'Account',
    noindex: true,
  },
  {
    path: '/trading/:game',
    title: 'Trade ads',
    description: 'Open trade ads of a Roblox game, with item values and a win/fair/loss verdict.',
    href: '/trading/blox-fruits',
    titled: ({ game }) => {
      const name = GAME_NAMES[game as GameId]
      return {
        title: `${name} trade ads`,
        description: `Open ${name} trade ads: what traders have and want, with ${name} item values and a win/fair/loss verdict.`,
      }
    },
  },
])
