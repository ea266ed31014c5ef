/**
 * What alerts show on lower features' pages (its web manifest fills their slots, and this file loads
 * when a slot first shows one): the watch bell on the catalog's and the stock pages.
 */
import type { Game, Item, ItemSummary } from '@/features/catalog/contract'
import { WatchButton } from './components/watch-button'

/** The item page's Watch button, beside the heart. */
export function ItemPageWatch({ game, item }: { game: Game; item: Item }) {
  return (
    <WatchButton
      game={game.id}
      item={item.id}
      name={item.name}
      category={item.category}
      rarity={item.rarity}
      className="py-1.5"
    />
  )
}

/** The watch bell at the end of a values list's row. */
export function ItemRowWatch({ item }: { item: ItemSummary }) {
  return (
    <WatchButton
      variant="row"
      game={item.gameId}
      item={item.id}
      name={item.name}
      category={item.category}
      rarity={item.rarity}
    />
  )
}

/** The watch bell of an item in a shop's current stock. */
export function ShopItemWatch(target: {
  game: string
  item: string
  name: string
  category: string | null
  rarity: string | null
}) {
  return <WatchButton variant="icon" {...target} />
}
