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
