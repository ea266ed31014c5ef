/**
 * What favorites show on the catalog's pages (its web manifest fills their slots, and this file loads
 * when a slot first shows one): the hearts' one request, asked for at once, and the hearts.
 */
import { useMemo } from 'react'
import type { Game, Item, ItemSummary } from '@/features/catalog/contract'
import { FavoriteButton } from './components/favorite-button'
import { useFavoriteCounts } from './queries'

/** Renders nothing: asks for the item page's heart beside the item. */
export function ItemPageHearts({ game, item }: { game: string; item: string }) {
  useFavoriteCounts(game, [item])
  return null
}

/** Renders nothing: asks for the hearts of one game's values list in one request. */
export function ValuesListHearts({ game, ids }: { game: string; ids: readonly string[] }) {
  useFavoriteCounts(game, ids)
  return null
}

/** The item page's heart, with the item's favorite count. */
export function ItemPageHeart({ game, item }: { game: Game; item: Item }) {
  const ids = useMemo(() => [item.id], [item.id])
  return <FavoriteButton game={game.id} itemId={item.id} itemName={item.name} ids={ids} className="py-1.5" />
}

/** A row's heart in one game's values list (the search across games has none). */
export function ItemRowHeart({
  item,
  game,
  ids,
}: {
  item: ItemSummary
  game: string | null
  ids: readonly string[]
}) {
  if (!game) return null
  return <FavoriteButton variant="row" game={game} itemId={item.id} itemName={item.name} ids={ids} />
}
