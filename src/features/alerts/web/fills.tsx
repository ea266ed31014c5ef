/**
 * What alerts show on lower features' pages (its web manifest fills their slots): the watch bell on the
 * catalog's and the stock pages, and the profile's Alerts tab. Small wrappers that ship with every page;
 * each part's code loads when first rendered.
 */
import { Suspense } from 'react'
import type { Game, Item, ItemSummary } from '@/features/catalog/contract'
import { WatchButton } from './public'

/** The item page's Watch button, beside the heart. */
export function ItemPageWatch({ game, item }: { game: Game; item: Item }) {
  return (
    // The fallback has the button's own box: shown in its place (its code still loading, the page
    // rendering again before this part hydrated), it moves nothing.
    <Suspense
      fallback={
        <span
          aria-hidden="true"
          className="inline-flex min-w-14 shrink-0 items-center justify-center gap-1.5 rounded-xl border border-line bg-surface px-3 py-1.5 text-muted text-sm"
        >
          <span className="size-4" />
          Watch
        </span>
      }
    >
      <WatchButton
        game={game.id}
        item={item.id}
        name={item.name}
        category={item.category}
        rarity={item.rarity}
        className="py-1.5"
      />
    </Suspense>
  )
}

/** The watch bell at the end of a values list's row. */
export function ItemRowWatch({ item }: { item: ItemSummary }) {
  return (
    <Suspense fallback={<span aria-hidden="true" className="w-12 border-line border-l sm:w-14" />}>
      <WatchButton
        variant="row"
        game={item.gameId}
        item={item.id}
        name={item.name}
        category={item.category}
        rarity={item.rarity}
      />
    </Suspense>
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
  return (
    <Suspense fallback={<span aria-hidden="true" className="size-9 shrink-0" />}>
      <WatchButton variant="icon" {...target} />
    </Suspense>
  )
}
