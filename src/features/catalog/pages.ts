import { GAME_NAMES, type GameId } from '@/shared/games'
import { definePages } from '@/shared/page-info'

/** The pages of this feature: their titles and descriptions, read by the server's head and the router. */
export const PAGES = definePages([
  {
    path: '/values-and-wfl',
    title: 'Item values & WFL calculator',
    description:
      'Search item values for eight Roblox games and check whether a trade is a win, fair or loss before you accept it.',
    section: 'Tools',
  },
  {
    path: '/trade-helper/:game',
    title: 'Trade helper',
    description: 'Check a trade for win, fair or loss with current item values.',
    section: 'Tools',
    href: '/trade-helper/blox-fruits',
    titled: ({ game }) => {
      const name = GAME_NAMES[game as GameId]
      return {
        title: `${name} trade calculator and values`,
        description: `Check a ${name} trade for win, fair or loss with current ${name} item values, demand and trends.`,
      }
    },
  },
  {
    path: '/values/:game/:item',
    href: '/values/blox-fruits/kitsune',
    title: 'Item value',
    description: 'Value, demand, trend and value history of a Roblox trading item.',
  },
  {
    path: '/how-values-are-set',
    title: 'How values are set',
    description:
      "Who sets TradeHub's item values, how often they change, what evidence counts, and when each game's values last changed.",
    section: 'Tools',
  },
])
