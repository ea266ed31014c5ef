import { GAME_IDS, GAME_NAMES } from '@/shared/games'

/**
 * The bot's slash commands as Discord registers them (`npm run discord:commands`) and as the
 * interactions endpoint handles them: one list, so a name or option cannot drift between the two.
 */
export const OPTION = { string: 3, channel: 7, role: 8 } as const

const gameChoices = GAME_IDS.map((id) => ({ name: GAME_NAMES[id], value: id }))

export const COMMANDS = [
  {
    name: 'value',
    description: "An item's value, demand and trend on TradeHub",
    type: 1,
    options: [
      {
        name: 'item',
        description: 'The item',
        type: OPTION.string,
        required: true,
        autocomplete: true,
        max_length: 100,
      },
      {
        name: 'game',
        description: 'The game (when names are shared)',
        type: OPTION.string,
        choices: gameChoices,
      },
    ],
  },
] as const

export type CommandName = (typeof COMMANDS)[number]['name']
