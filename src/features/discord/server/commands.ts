import { DEFAULT_FAIR_BAND, FAIR_BANDS } from '@/features/catalog/wfl'
import { STOCK_RARITIES } from '@/features/stock/rules'
import { GAME_IDS, GAME_NAMES, STOCK_GAME_NAMES, STOCK_GAMES } from '@/shared/games'

/**
 * The bot's slash commands as Discord registers them (`npm run discord:commands`) and as the
 * interactions endpoint handles them: one list, so a name or option cannot drift between the two.
 */
export const OPTION = { string: 3, integer: 4, channel: 7, role: 8 } as const

/** Command type 1: a slash command. Contexts: 0 a server, 1 a DM with the bot, 2 a private channel. */
const SLASH = 1
const ANYWHERE = [0, 1, 2]
const IN_A_SERVER = [0]
/** Manage Server, as Discord's permission bit string: who sees /track and /untrack (the server checks too). */
const MANAGE_SERVER = '32'
/** Text and announcement channels: where restocks can be posted. */
const POSTABLE_CHANNELS = [0, 5]

const gameChoices = GAME_IDS.map((id) => ({ name: GAME_NAMES[id], value: id }))
const stockGameChoices = STOCK_GAMES.map((id) => ({ name: STOCK_GAME_NAMES[id], value: id }))
const rarityChoices = [...new Set(Object.values(STOCK_RARITIES).flat())].map((r) => ({ name: r, value: r }))

const itemOption = (description: string) => ({
  name: 'item',
  description,
  type: OPTION.string,
  required: true,
  autocomplete: true,
  max_length: 100,
})
const stockGameOption = {
  name: 'game',
  description: 'The game',
  type: OPTION.string,
  required: true,
  choices: stockGameChoices,
}
const channelOption = (description: string) => ({
  name: 'channel',
  description,
  type: OPTION.channel,
  required: true,
  channel_types: POSTABLE_CHANNELS,
})
const sideOption = (name: 'give' | 'get', description: string) => ({
  name,
  description,
  type: OPTION.string,
  required: true,
  autocomplete: true,
  max_length: 200,
})

export const COMMANDS = [
  {
    name: 'value',
    description: "An item's value, demand and trend on TradeHub",
    type: SLASH,
    contexts: ANYWHERE,
    options: [
      itemOption('The item'),
      {
        name: 'game',
        description: 'The game (when names are shared)',
        type: OPTION.string,
        choices: gameChoices,
      },
    ],
  },
  {
    name: 'wfl',
    description: 'Win, fair or loss: a trade checked with TradeHub values',
    type: SLASH,
    contexts: ANYWHERE,
    options: [
      { name: 'game', description: 'The game', type: OPTION.string, required: true, choices: gameChoices },
      sideOption('give', 'What you give, e.g. kitsune, dough*2'),
      sideOption('get', 'What you get, e.g. west-dragon~permanent'),
      {
        name: 'band',
        description: `How close counts as fair, in percent (${DEFAULT_FAIR_BAND} when left out)`,
        type: OPTION.integer,
        choices: FAIR_BANDS.map((b) => ({ name: `±${b}%`, value: b })),
      },
    ],
  },
  {
    name: 'stock',
    description: "A game's shop stock now, and when it restocks",
    type: SLASH,
    contexts: ANYWHERE,
    options: [stockGameOption],
  },
  {
    name: 'track',
    description: 'Post every restock of a game in a channel',
    type: SLASH,
    contexts: IN_A_SERVER,
    default_member_permissions: MANAGE_SERVER,
    options: [
      stockGameOption,
      channelOption('The channel the restocks are posted in'),
      { name: 'role', description: 'A role pinged when a rare item is in stock', type: OPTION.role },
      {
        name: 'rarity',
        description: 'Ping the role for this rarity or rarer (Legendary when left out)',
        type: OPTION.string,
        choices: rarityChoices,
      },
    ],
  },
  {
    name: 'untrack',
    description: "Stop posting a game's restocks in a channel",
    type: SLASH,
    contexts: IN_A_SERVER,
    default_member_permissions: MANAGE_SERVER,
    options: [stockGameOption, channelOption('The channel the restocks are posted in')],
  },
  {
    name: 'watch',
    description: 'Get a DM from TradeHub when an item restocks or its value changes',
    type: SLASH,
    contexts: ANYWHERE,
    options: [itemOption('The item to watch')],
  },
  {
    name: 'unwatch',
    description: 'Stop the DMs about an item',
    type: SLASH,
    contexts: ANYWHERE,
    options: [itemOption('The item to stop watching')],
  },
] as const

export type CommandName = (typeof COMMANDS)[number]['name']
