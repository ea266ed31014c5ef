import type { ItemSummary } from '@/features/catalog/contract'
import { normalizeSearch } from '@/features/catalog/search'
import { type CatalogDeps, findItems, searchAllGames } from '@/features/catalog/server/public'
import { type GameId, isGameId } from '@/shared/games'

/** Discord shows at most 25 autocomplete choices. */
export const MAX_CHOICES = 25

/**
 * Items matching what the user typed, ranked like the site search (best match, then value), in one
 * game or all. Read from the catalog's in-memory snapshots, rebuilt when values change.
 */
export async function matchItems(
  catalog: CatalogDeps,
  typed: string,
  game: GameId | undefined,
  limit = MAX_CHOICES,
): Promise<ItemSummary[]> {
  if (normalizeSearch(typed) === '') return []
  const { items } = await searchAllGames(catalog, typed, game ? 500 : limit)
  return (game ? items.filter((i) => i.gameId === game) : items).slice(0, limit)
}

/** An autocomplete choice's value: `game:id`. */
export const choiceValue = (item: ItemSummary) => `${item.gameId}:${item.id}`

/** The item the user named (a chosen suggestion or an exact name), or the closest names when none is. */
export async function findNamedItem(
  catalog: CatalogDeps,
  typed: string,
  game: GameId | undefined,
): Promise<{ item: ItemSummary | null; closest: ItemSummary[] }> {
  const [, chosenGame = '', chosenId = ''] = /^([a-z0-9-]+):(.+)$/.exec(typed) ?? []
  if (isGameId(chosenGame) && (!game || game === chosenGame)) {
    const item = (await findItems(catalog, chosenGame, [chosenId])).get(chosenId)
    if (item) return { item, closest: [] }
  }
  const q = normalizeSearch(typed)
  const candidates = await matchItems(catalog, typed, game, 5)
  const item = candidates.find((i) => i.id === typed || normalizeSearch(i.name) === q) ?? null
  return { item, closest: item ? [] : candidates.slice(0, 3) }
}
