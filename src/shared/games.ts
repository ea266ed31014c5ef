/** The eight games of the values tool, in menu order. Ids are the URL slugs used everywhere. */
export const GAME_IDS = [
  'blox-fruits',
  'grow-a-garden',
  'adopt-me',
  'pet-simulator-99',
  'murder-mystery-2',
  'anime-adventures',
  'fisch',
  'pets-go',
] as const

export type GameId = (typeof GAME_IDS)[number]

export function isGameId(value: string): value is GameId {
  return (GAME_IDS as readonly string[]).includes(value)
}

/** Display names of the eight games (the catalog's names). */
export const GAME_NAMES: Record<GameId, string> = {
  'blox-fruits': 'Blox Fruits',
  'grow-a-garden': 'Grow a Garden',
  'adopt-me': 'Adopt Me!',
  'pet-simulator-99': 'Pet Simulator 99',
  'murder-mystery-2': 'Murder Mystery 2',
  'anime-adventures': 'Anime Adventures',
  fisch: 'Fisch',
  'pets-go': 'PETS GO!',
}

/** The games with a stock tracker, and so with stock managers (docs/product.md §1, §2). */
export const STOCK_GAMES = ['grow-a-garden', 'blox-fruits'] as const satisfies readonly GameId[]

export type StockGameId = (typeof STOCK_GAMES)[number]

export function isStockGame(value: string): value is StockGameId {
  return (STOCK_GAMES as readonly string[]).includes(value)
}

/** Display names of the games with stock. */
export const STOCK_GAME_NAMES: Record<StockGameId, string> = {
  'grow-a-garden': 'Grow a Garden',
  'blox-fruits': 'Blox Fruits',
}
